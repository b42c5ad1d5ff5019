import FormCore

/// The values as a person is shown them (`values`, the REPL's `:values`,
/// the accessible voice): a secret row's never in clear. The values written
/// on stdout at a submit are the form's own, untouched.
public enum ShownValues {
  /// `values`, each secret one replaced: a secure text by `(secret)`,
  /// another secret (a card) by what its row shows (`Visa •••• 4242  12/30`:
  /// such a kind's display masks it). An empty one stays `null`.
  public static func of(_ values: [Value.Field], in form: Form) -> [Value.Field] {
    values.map { field in
      guard let item = secret(field, in: form) else { return field }
      if case .secret = item.facts.shape { return .init(field.key, .string("(secret)")) }
      return .init(field.key, .string(item.kind.display(field.value, for: item)))
    }
  }

  /// The row of `field` when it is a secret one holding a value.
  static func secret(_ field: Value.Field, in form: Form) -> Item? {
    guard !field.value.isBlank, let item = form.find(field.key), item.kind.isSecret(item) else { return nil }
    return item
  }

  /// The words the accessible voice says for `field`: a secret's own words
  /// (`filled in, not read out`, `card ending in 4242, expires 12/30`),
  /// never the value; nil for any other.
  public static func spoken(_ field: Value.Field, in form: Form) -> String? {
    secret(field, in: form).map { Cells.sanitize($0.facts.spoken.words) }
  }
}
