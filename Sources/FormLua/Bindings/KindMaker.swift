import CLua
import FormCore

/// `section:KIND{props}` and `form:KIND{props}`: one maker for both (a form's
/// rows made without a section go to its section for such rows). Each
/// maker is a host function with the kind's name as upvalue 2 and where the
/// row goes as upvalue 3.
enum KindMaker {
  /// The `KIND` members of an object whose form has `kinds`: a maker for
  /// each of its kinds (the built-in ones when it has no form any more, so
  /// that a maker can say so), and their names for completion.
  static func members<Owner: AnyObject>(
    kinds: @escaping (Owner) -> [String: any ItemKind]?, into place: Place
  ) -> DynamicMembers<Owner> {
    DynamicMembers(
      get: { b, owner, key in
        guard (kinds(owner) ?? Kinds.builtIn)[key] != nil else { return false }
        push(key, place, b)
        return true
      },
      set: { _, _, _, _ in nil },
      names: { _ in [] },
      methodNames: { owner in Array((kinds(owner) ?? Kinds.builtIn).keys) },
      // every form has the built-in kinds: their makers are bound once a state
      fixed: Kinds.builtIn.keys.sorted(), pushFixed: { b, key in push(key, place, b) })
  }

  /// Push the maker of `kind` for `place`.
  static func push(_ kind: String, _ place: Place, _ b: ObjectBridge) {
    b.state.push(kind)
    lua_pushinteger(b.state.L, lua_Integer(place.rawValue))
    formrun_pushhost(b.state.L, make, 2)
  }

  enum Place: Int {
    /// the section the maker was called on
    case section
    /// the form's section for rows without one
    case looseRows
  }

  /// The one host function of every maker.
  static let make: formrun_hostfn = { L in
    let b = ObjectBridge.from(L)
    let kind = b.state.string(at: formrun_upvalueindex(2)) ?? "item"
    let call = Call(bridge: b, function: kind)
    do throws(LuaError) {
      let item: Item
      switch Place(rawValue: Int(lua_tointegerx(L, formrun_upvalueindex(3), nil))) {
      case .looseRows:
        guard let form = call.object(1, FormBinding.table) else { throw call.typeError(1, expected: "form") }
        item = try b.makeItem(kind: kind, propsAt: 2, call, in: form)
        try place(item, in: form.sectionForLooseRows())
      default:
        guard let section = call.object(1, SectionBinding.table) else { throw call.typeError(1, expected: "section") }
        if let why = SectionBinding.table.gone(section) {
          throw call.error("cannot add \(article(kind)) \(kind) row to \(SectionBinding.phrase(section)): \(why)")
        }
        item = try b.makeItem(kind: kind, propsAt: 2, call, in: section.form)
        try place(item, in: section)
      }
      // a call statement (`section:text{…}` alone, as most rows are made)
      // takes no result: no userdata is made for the row then
      if formrun_resultswanted(L) == 0 { return 0 }
      b.pushItem(item)
      return 1
    } catch {
      return b.state.raise(error.message)
    }
  }

  static func place(_ item: Item, in section: Section, at index: Int? = nil) throws(LuaError) {
    if let form = section.form, form.rowTotal >= Limits.rows {
      throw LuaError("the form already holds \(form.rowTotal) rows (at most \(Limits.rows))")
    }
    do throws(FormError) { try section.insert(item, at: index) } catch { throw LuaError(error.description) }
  }
}

extension ObjectBridge {
  /// A new item of `kind` with the props of the table at `index` (a title
  /// string, or none), made apart from any section: `form` is the one it is
  /// going into (its kinds, its validators).
  func makeItem(kind: String, propsAt index: Int32, _ call: Call, in form: Form?) throws(LuaError) -> Item {
    guard let item = form?.newItem(kind: kind) ?? Kinds.builtIn[kind].map({ Item(kind: $0) }) else {
      let kinds = form?.kinds ?? Kinds.builtIn
      throw LuaError(FormError.unknownKind(kind, suggestion: suggestion(for: kind, among: kinds.keys)).description)
    }
    // validators of a new item are looked up in the form it is going into
    let saved = formForNewItems
    formForNewItems = form
    defer { formForNewItems = saved }
    switch lua_type(state.L, index) {
    case LUA_TNONE, LUA_TNIL: break
    case LUA_TTABLE:
      if let e = ItemBinding.table.setAll(of: item, from: index, self) { throw LuaError(e) }
    case LUA_TSTRING: item.title = try call.text(index)
    default: throw call.typeError(index, expected: "table")
    }
    // a kind that chooses among options cannot hold a value without one
    if item.choosesAmongOptions, item.kind.option("options") == .list([]) {
      throw LuaError(
        "\(ItemBinding.phrase(item)) has no options: give it options = { … } with at least one (it could hold no value)"
      )
    }
    return item
  }
}
