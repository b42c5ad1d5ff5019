import CLua
import FormCore

/// Header and footer kinds in Lua: `form:header_kind(name, { draw, speak })`,
/// `form:footer_kind(…)`, and a section's `header_kind`, `header_data`,
/// `footer_kind`, `footer_data`. Two registries, as Holo's header and footer
/// class maps: a header kind cannot be a section's footer kind.
enum BandBinding {
  /// The fields of `form:header_kind(name, spec)`.
  static let fields = ["draw", "speak"]

  /// `form:header_kind` and `form:footer_kind`.
  static var formMethods: [Method<Form>] {
    Band.allCases.map { band in
      Method(
        "\(band.rawValue)_kind", "(name: string, { draw: function, speak: function? })",
        "Add a kind of \(band.rawValue): draw(section, width) returns its lines (a string or a list of strings),"
          + " speak(section) what the accessible voice says."
      ) { c, form throws(LuaError) in
        let name = try c.text(2)
        if name.isEmpty { throw c.argError(2, "a \(band.rawValue) kind needs a name") }
        if let why = Limits.tooLong(name) { throw c.argError(2, "the name is \(why)") }
        _ = try c.table(3)
        form.registerBandKind(try kind(name, band, spec: 3, c), as: band)
        return 0
      }
    }
  }

  /// The kind `spec` (the table at that index) describes; a field that is
  /// not one, or of the wrong type, is an error naming it.
  static func kind(_ name: String, _ band: Band, spec: Int32, _ c: Call) throws(LuaError) -> BandKind {
    let L = c.L
    let method = "form:\(band.rawValue)_kind"
    let noun = "\(band.rawValue) kind '\(short(name))'"
    guard lua_checkstack(L, 4) != 0 else { throw c.error("Lua stack overflow") }
    lua_pushnil(L)
    while lua_next(L, spec) != 0 {
      formrun_pop(L, 1)
      let key = lua_type(L, -1) == LUA_TSTRING ? c.bridge.state.string(at: -1) ?? "" : ""
      if !fields.contains(key) {
        formrun_pop(L, 1)
        let hint = suggestion(for: key, among: fields).map { " (did you mean '\($0)'?)" } ?? ""
        throw c.error(
          "\(method): \(noun) has no field '\(short(key))'\(hint); fields: \(fields.joined(separator: ", "))")
      }
    }
    var handlers: [String: Handler] = [:]
    for key in fields {
      c.push(key)
      lua_rawget(L, spec)
      defer { formrun_pop(L, 1) }
      do throws(ConversionError) {
        if let h = try c.bridge.handler(at: -1, for: { "'\(key)' of \(noun)" }) as? LuaHandler {
          handlers[key] = key == "draw" ? LinesHandler(h) : h
        }
      } catch { throw c.error("\(method): " + error.message) }
    }
    guard let draw = handlers["draw"] else {
      throw c.error("\(method): \(noun) needs draw = function(section, width) returning its lines")
    }
    return BandKind(name: name, draw: draw, speak: handlers["speak"])
  }

  /// A section's `header_kind`/`footer_kind` and `header_data`/`footer_data`.
  static var sectionProperties: [Property<Section>] {
    Band.allCases.flatMap { band -> [Property<Section>] in
      let word = band.rawValue
      return [
        Property(
          "\(word)_kind", "string?",
          "The name of a \(word) kind (`form:\(word)_kind`) that draws the \(word) from `\(word)_data`; nil: the plain `\(word)`.",
          get: { b, section in
            if let k = section.kind(of: band) { b.state.push(k) } else { lua_pushnil(b.state.L) }
          },
          set: { b, section, i, subject throws(ConversionError) in
            let L = b.state.L
            guard lua_type(L, i) != LUA_TNIL else { return section.setKind(nil, of: band) }
            guard lua_type(L, i) == LUA_TSTRING, let name = b.state.string(at: i) else {
              throw ConversionError(
                message: OptionError.mismatch(expected: "string", got: b.typeName(at: i)).worded(for: subject()))
            }
            let known = (section.form ?? b.formForNewItems)?.bandKinds(band) ?? [:]
            guard known[name] != nil else {
              var message = "bad value for \(subject()): no \(word) kind '\(short(name))'"
              if let s = suggestion(for: name, among: known.keys) { message += " (did you mean '\(s)'?)" }
              message +=
                known.isEmpty
                ? "; none is registered (form:\(word)_kind(name, { draw = fn }) adds one)"
                : "; known: " + known.keys.sorted().joined(separator: ", ")
              throw ConversionError(message: message)
            }
            section.setKind(name, of: band)
          }),
        Property(
          "\(word)_data", "any",
          "Any Lua value the \(word) kind draws from (`section.\(word)_data`); assigning it draws the \(word) again.",
          get: { b, section in
            if let r = section.data(of: band) as? LuaReference, r.state === b.state {
              lua_rawgeti(b.state.L, formrun_registryindex(), lua_Integer(r.ref))
            } else {
              lua_pushnil(b.state.L)
            }
          },
          set: { b, section, i, _ in
            section.setData(lua_type(b.state.L, i) == LUA_TNIL ? nil : LuaReference(state: b.state, index: i), of: band)
          }),
      ]
    }
  }
}

/// A `draw` function whose result must be lines: anything but a string or a
/// list of strings fails, naming where the function was written.
final class LinesHandler: Handler {
  let inner: LuaHandler
  init(_ inner: LuaHandler) { self.inner = inner }

  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome {
    let outcome = inner.invoke(arguments)
    guard case .returned(let values) = outcome else { return outcome }
    let first = values.first ?? .null
    switch first {
    case .string: return outcome
    case .list(let l) where l.allSatisfy({ $0.string != nil }): return outcome
    case .record(let r) where r.isEmpty: return .returned([.list([])])
    default:
      let what = first.isNull ? "nothing" : first.typeName
      return .failed(
        "\(inner.place())draw returned \(first.isNull ? what : article(what) + " " + what) (a string or a list of strings expected)"
      )
    }
  }
}
