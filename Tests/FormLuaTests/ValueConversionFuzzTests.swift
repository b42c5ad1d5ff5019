import Testing

@testable import FormCore
@testable import FormLua

/// Tables nested deep, found by the `luavalue` fuzz target: the conversion
/// recursed without reserving Lua stack (lua_checkstack), writing past the
/// stack under AddressSanitizer. Round trips up to the depth limit; refused
/// beyond it. (Only the sanitizer build, Scripts/fuzz, sees the overflow
/// itself; these pin the behaviour at and past the limit.)
struct ValueConversionFuzzTests {
  @Test(
    arguments: [
      (1, nil), (20, nil), (50, nil), (100, nil), (101, "table nested too deeply"), (150, "table nested too deeply"),
    ]
      as [(Int, String?)])
  func deepTablesRoundTripOrAreRefused(depth: Int, error: String?) {
    let table = String(repeating: "{", count: depth) + "'x', 1.5, -0.0" + String(repeating: "}", count: depth)
    let (rt, failure) = load(
      """
      form:kind("any", {})
      form:section("S"):any{ name = "x" }
      local v = \(table)
      form:find("x").value = v
      local back = form:find("x").value
      for _ = 2, \(depth) do v, back = v[1], back[1] end
      assert(back[1] == "x" and math.type(back[2]) == "float" and back[2] == 1.5 and #back == 3)
      """)
    if let error {
      #expect(failure?.message.contains(error) == true, "\(failure?.message ?? "no error")")
    } else {
      #expect(failure == nil, "\(failure?.message ?? "")")
      var held = rt.form.find("x")?.value ?? .null
      for _ in 1..<depth { held = held.list?.first ?? .null }
      #expect(held == .list([.string("x"), .double(1.5), .double(-0.0)]))
    }
  }
}
