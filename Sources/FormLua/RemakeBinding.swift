import CLua
import FormCore

/// Whole-structure calls (issue 13): `item:remake{}`, `section:remake{}`,
/// `form:clear()`, `form:move_section(from, to)`.
enum RemakeBinding {
  /// (Computed: read once, by the class table.)
  static var itemMethods: [Method<Item>] {
    [
      Method(
        "remake", "(props: table) -> item",
        "Replace every property (unspecified ones back to their defaults; the kind stays), keeping the row's place."
      ) { b, item in
        let L = b.state.L
        guard lua_type(L, 2) == LUA_TTABLE else { return b.state.typeError(1, "remake", expected: "table", at: 2) }
        // made apart first, so bad props change nothing
        let made = b.makeItem(kind: item.kind.name, propsAt: 2, function: "remake", in: item.form)
        switch made {
        case .success(let fresh):
          if let name = fresh.name, let other = item.form?.find(name), other !== item {
            return b.state.raise(FormError.duplicateName(name).description)
          }
          do throws(FormError) { try item.adopt(fresh) } catch { return b.state.raise(error.description) }
          lua_settop(L, 1)
          return 1
        case .failure(let e): return b.state.raise(e.message)
        }
      }
    ]
  }

  /// (Computed: read once, by the class table.)
  static var sectionMethods: [Method<Section>] {
    [
      Method(
        "remake", "(props: table|string) -> section",
        "Replace every property (unspecified ones back to their defaults); the rows stay."
      ) { b, section in
        let fresh = Section()
        if let e = FormBinding.sectionProps(b, fresh, at: 2, function: "remake") { return e }
        section.adopt(fresh)
        lua_settop(b.state.L, 1)
        return 1
      }
    ]
  }

  /// (Computed: read once, by the class table.)
  static var formMethods: [Method<Form>] {
    [
      Method("clear", "()", "Remove every section.") { _, form in
        form.clear()
        return 0
      },
      Method("move_section", "(from: integer, to: integer)", "Move the section at 1-based `from` to `to`.") {
        b, form in
        let L = b.state.L
        let n = form.sections.count
        for a in [2, 3] as [Int32] {
          guard lua_type(L, a) == LUA_TNUMBER, lua_isinteger(L, a) != 0 else {
            return b.state.typeError(Int(a) - 1, "move_section", expected: "integer", at: a)
          }
          let i = lua_tointegerx(L, a, nil)
          guard i >= 1 && i <= n else {
            return b.state.argError(Int(a) - 1, "move_section", "index \(i) out of range 1 to \(n)")
          }
        }
        form.moveSection(from: Int(lua_tointegerx(L, 2, nil)) - 1, to: Int(lua_tointegerx(L, 3, nil)) - 1)
        return 0
      },
    ]
  }
}
