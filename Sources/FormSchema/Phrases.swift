import FormCore

/// The catalogue's phrases a schema's checks say, by key (`schema.maximum`
/// in `Sources/FormCore/Catalogue`): `{label}` names the value (a row, a
/// pointer, "the document"); `{limit}`, `{count}`, `{name}`, `{other}`,
/// `{place}` and `{found}` say the rest.
public enum SchemaPhrase: String, CaseIterable, Sendable {
  case document = "schema.document"
  case inside = "schema.inside"
  case missing = "schema.missing"
  case falseSchema = "schema.false"
  case tooDeep = "schema.too_deep"
  case endless = "schema.endless"
  case tooLong = "schema.too_long"
  case typeNull = "schema.type_null"
  case typeBoolean = "schema.type_boolean"
  case typeObject = "schema.type_object"
  case typeArray = "schema.type_array"
  case typeNumber = "schema.type_number"
  case typeString = "schema.type_string"
  case typeInteger = "schema.type_integer"
  case types = "schema.types"
  case enumeration = "schema.enum"
  case const = "schema.const"
  case multipleOf = "schema.multiple_of"
  case maximum = "schema.maximum"
  case minimum = "schema.minimum"
  case exclusiveMaximum = "schema.exclusive_maximum"
  case exclusiveMinimum = "schema.exclusive_minimum"
  case maxLength = "schema.max_length"
  case minLength = "schema.min_length"
  case pattern = "schema.pattern"
  case patternTooCostly = "schema.pattern_too_costly"
  case formatEmail = "schema.format_email"
  case formatHostname = "schema.format_hostname"
  case formatIPv4 = "schema.format_ipv4"
  case formatIPv6 = "schema.format_ipv6"
  case formatUUID = "schema.format_uuid"
  case formatURI = "schema.format_uri"
  case formatURIReference = "schema.format_uri_reference"
  case formatJSONPointer = "schema.format_json_pointer"
  case formatRelativeJSONPointer = "schema.format_relative_json_pointer"
  case formatDate = "schema.format_date"
  case formatTime = "schema.format_time"
  case formatDateTime = "schema.format_date_time"
  case maxItems = "schema.max_items"
  case minItems = "schema.min_items"
  case uniqueItems = "schema.unique_items"
  case contains = "schema.contains"
  case minContains = "schema.min_contains"
  case maxContains = "schema.max_contains"
  case additionalProperty = "schema.additional_property"
  case unevaluatedProperty = "schema.unevaluated_property"
  case propertyName = "schema.property_name"
  case required = "schema.required"
  case dependentRequired = "schema.dependent_required"
  case maxProperties = "schema.max_properties"
  case minProperties = "schema.min_properties"
  case anyOf = "schema.any_of"
  case oneOf = "schema.one_of"
  case not = "schema.not"

  /// The phrase that a value is not of the JSON type `name`.
  static func type(_ name: String) -> SchemaPhrase? {
    switch name {
    case "null": return .typeNull
    case "boolean": return .typeBoolean
    case "object": return .typeObject
    case "array": return .typeArray
    case "number": return .typeNumber
    case "string": return .typeString
    case "integer": return .typeInteger
    default: return nil
    }
  }
}
