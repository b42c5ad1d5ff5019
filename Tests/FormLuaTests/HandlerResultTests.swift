import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// What a handler returns must be a value formrun can hold: a function or a
/// sparse table is refused with the place of the function that returned it,
/// never turned into text or cut short (issue 11, case 20).
struct HandlerResultTests {
  static let script = """
    form:kind("odd", { parse = function(text)
      if text == "fn" then return print end
      if text == "sparse" then return { 1, nil, 3, [10] = 4 } end
      if text == "far" then return { [10] = 4 } end
      return text
    end })
    local s = form:section{}
    s:odd{ name = "o", title = "Odd" }
    s:item{ title = "Go", on_select = function(item) return item end }
    """

  @Test(arguments: ["fn", "sparse", "far"])
  func aParseThatReturnsNoValueRefuses(text: String) throws {
    let (rt, error) = load(Self.script)
    #expect(error == nil, "\(error?.message ?? "")")
    let session = Session(form: rt.form, host: TestHost())
    _ = session.send("o kept")
    let out = session.send("o \(text)").joined(separator: "\n")
    #expect(rt.form.find("o")!.value == .string("kept"))
    #expect(out.contains("t.lua:1: it returned what cannot be a value"), "\(out)")
    #expect(out.contains("could not be read"), "\(out)")
  }

  @Test func aRowReturnedOutOfHabitIsHarmless() throws {
    let (rt, error) = load(Self.script)
    #expect(error == nil, "\(error?.message ?? "")")
    let session = Session(form: rt.form, host: TestHost())
    let out = session.send("2").joined(separator: "\n")
    #expect(!out.contains("error"), "\(out)")
  }
}
