import CLua
import FormCore

/// Any Lua value a script keeps on a row or a section (`data`), held by a
/// registry reference as handlers are; opaque to the core.
final class LuaReference {
  let state: LuaState
  let ref: Int32

  /// Takes the value at `index`.
  init(state: LuaState, index: Int32) {
    self.state = state
    lua_pushvalue(state.L, index)
    ref = luaL_ref(state.L, formrun_registryindex())
  }

  deinit {
    if !state.closed { luaL_unref(state.L, formrun_registryindex(), ref) }
  }
}

extension ObjectBridge {
  /// Push a `data` value kept here (nil for none, or one of another state).
  func pushData(_ data: AnyObject?) {
    if let r = data as? LuaReference, r.state === state {
      lua_rawgeti(state.L, formrun_registryindex(), lua_Integer(r.ref))
    } else {
      lua_pushnil(state.L)
    }
  }

  /// The `data` value at `index` (nil clears it).
  func data(at index: Int32) -> AnyObject? {
    lua_type(state.L, index) == LUA_TNIL ? nil : LuaReference(state: state, index: index)
  }
}

/// The members of the seed libraries' row capabilities (issue 13): row data,
/// the selection veto, row actions, deletion, moving, the detail button,
/// inserting into a section, the form-wide hooks and rows made without a
/// section. Each list is appended to its type's class table.
enum RowBinding {
  static let data = "Any Lua value kept with it; never drawn or submitted."

  /// (Computed: read once, by the class table.)
  static var itemProperties: [Property<Item>] {
    [
      Property(
        "data", "any", data, get: { b, item in b.pushData(item.data) },
        set: { b, item, i, _ in item.data = b.data(at: i) }),
      .handler("on_will_select", \.onWillSelect, "fn(item): false or a message stops the row's selection."),
      Property(
        "actions", "{ title: string, run: function }[]", "Commands the user runs on the row with `do N TITLE`.",
        get: { b, item in pushActions(b, item.rowActions.actions) },
        set: { b, item, i, what throws(ConversionError) in item.rowActions.actions = try actions(b, at: i, what()) }),
      .flag("deletable", \.rowActions.deletable, "True: the user may `delete N` the row."),
      .handler("on_delete", \.rowActions.onDelete, "fn(item): false or a message refuses the user's delete."),
      .flag("movable", \.rowActions.movable, "True: the user may `move N M` the row."),
      .handler("on_move", \.rowActions.onMove, "fn(item, from, to): false or a message refuses the user's move."),
      .handler("on_accessory", \.rowActions.onAccessory, "fn(item): the `detail N` command (accessory \"detail\")."),
    ]
  }

  /// (Computed: read once, by the class table.)
  static var sectionProperties: [Property<Section>] {
    [
      Property(
        "data", "any", data, get: { b, section in b.pushData(section.data) },
        set: { b, section, i, _ in section.data = b.data(at: i) }),
      .handler(
        "on_insert", \.onInsert, "fn(section, index): the user's `insert`; add the row, or return false or a message."),
    ]
  }

  /// (Computed: read once, by the class table.)
  static var formProperties: [Property<Form>] {
    [
      .handler("on_change", \.onChange, "fn(item, old): runs after any row's own on_change."),
      .handler("on_select", \.onSelect, "fn(item): runs after any row's own on_select."),
    ]
  }

  /// (Computed: read once, by the class table.)
  static var formMethods: [Method<Form>] {
    [
      Method("on_change", "(fn: function?)", "Set the form-wide change hook (while none is set; see the property).") {
        b, form in FormBinding.setHandler(b, form, "on_change", \.onChange)
      },
      Method("on_select", "(fn: function?)", "Set the form-wide selection hook (while none is set; see the property).")
      {
        b, form in FormBinding.setHandler(b, form, "on_select", \.onSelect)
      },
    ]
  }

  /// `form:KIND{props}`: a row in the form's section for rows without one.
  static var formKinds: ExtraMembers<Form> {
    ExtraMembers<Form>(
      get: { b, form, key in
        guard form.kinds[key] != nil else { return false }
        b.state.push(key)
        formrun_pushhost(b.state.L, makeLoose, 1)
        return true
      },
      set: { _, _, _, _ in nil },
      names: { _ in [] },
      methodNames: { form in Array(form.kinds.keys) })
  }

  /// `form:KIND{props}`; the kind's name is upvalue 2.
  static let makeLoose: formrun_hostfn = { L in
    let b = ObjectBridge.from(L)
    let kind = b.state.string(at: formrun_upvalueindex(2)) ?? "item"
    guard let form = FormBinding.table.this(b) else { return b.state.typeError(1, kind, expected: "form", at: 1) }
    switch b.makeItem(kind: kind, propsAt: 2, function: kind, in: form) {
    case .success(let item):
      let section = form.sectionForLooseRows()
      do throws(FormError) { try section.append(item) } catch { return b.state.raise(error.description) }
      b.pushItem(item)
      return 1
    case .failure(let e): return b.state.raise(e.message)
    }
  }

  static func pushActions(_ b: ObjectBridge, _ actions: [RowAction]) {
    let L = b.state.L
    lua_createtable(L, Int32(actions.count), 0)
    for (n, a) in actions.enumerated() {
      lua_createtable(L, 0, 2)
      b.state.push(a.title)
      lua_setfield(L, -2, "title")
      b.pushHandler(a.run)
      lua_setfield(L, -2, "run")
      lua_rawseti(L, -2, lua_Integer(n + 1))
    }
  }

  /// `{ { title = "Archive", run = fn }, … }` at `index` (nil: none).
  static func actions(_ b: ObjectBridge, at index: Int32, _ what: String) throws(ConversionError) -> [RowAction] {
    let L = b.state.L
    if lua_type(L, index) == LUA_TNIL { return [] }
    guard lua_type(L, index) == LUA_TTABLE else {
      throw ConversionError(
        message: "bad value for \(what) (a list of { title = …, run = … } expected, got \(b.state.typeName(at: index)))"
      )
    }
    let t = lua_absindex(L, index)
    guard lua_checkstack(L, 4) != 0 else { throw ConversionError(message: "Lua stack overflow") }
    var out: [RowAction] = []
    let n = lua_rawlen(L, t)
    for k in 0..<Int(n) {
      lua_rawgeti(L, t, lua_Integer(k + 1))
      defer { formrun_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TTABLE else {
        throw ConversionError(
          message: "bad value for \(what): action \(k + 1) is not a table ({ title = …, run = … } expected)")
      }
      b.state.push("title")
      lua_rawget(L, -2)
      let title = b.state.string(at: -1)
      formrun_pop(L, 1)
      guard let title, !title.trimmingSpaces.isEmpty else {
        throw ConversionError(message: "bad value for \(what): action \(k + 1) needs a title (a string)")
      }
      guard !out.contains(where: { $0.title.lowercased() == title.lowercased() }) else {
        throw ConversionError(message: "bad value for \(what): two actions are titled '\(title)'")
      }
      b.state.push("run")
      lua_rawget(L, -2)
      defer { formrun_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TFUNCTION else {
        throw ConversionError(
          message: "bad value for \(what): action '\(title)' needs run = a function (got \(b.state.typeName(at: -1)))")
      }
      out.append(RowAction(title: title, run: LuaHandler(bridge: b, index: -1)))
    }
    return out
  }
}
