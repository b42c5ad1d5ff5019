-- RE onBeginEditing / onEndEditing: on_begin_edit(item) as a row's editor
-- opens, on_end_edit(item, changed) as it is left, in the line mode and the
-- screen mode (the form is re_edit_hooks.lua).
local function log(s) return s.form:find_section("people").data end

describe("RE edit hooks in the line mode", function()
  local s
  before_each(function() s = formrun.open("re_edit_hooks.lua") end)

  it("an answer: begin as the prompt opens, end changed after it", function()
    s:send("nm")
    assert.same({ "begin nm" }, log(s))
    s:send("Ada")
    assert.same({ "begin nm", "end nm true" }, log(s))
  end)

  it("an empty answer or :q: end, unchanged", function()
    s:send("nm")
    s:send("")
    s:send("1")
    s:send(":q")
    assert.same({ "begin nm", "end nm false", "begin nm", "end nm false" }, log(s))
  end)

  it("the same text again is no change; a refused answer keeps the editor open", function()
    s.form:set_values{ nm = "Ada" }
    s:send("nm")
    s:send("Ada")
    s:send("age")
    s:send("200")
    assert.same({ "begin nm", "end nm false", "begin age" }, log(s))
    s:send("42")
    assert.same({ "begin nm", "end nm false", "begin age", "end age true" }, log(s))
  end)

  it("a row without hooks runs none; `N VALUE` opens no editor", function()
    s:send("plain")
    s:send("x")
    s:send("nm Bob")
    assert.same({}, log(s))
  end)
end)

describe("RE edit hooks in the screen mode", function()
  local s
  before_each(function() s = formrun.open("re_edit_hooks.lua", { screen = true, width = 60, height = 20 }) end)

  it("Enter opens the editor (begin); Enter with a new value ends it, changed", function()
    s:press("enter")
    assert.same({ "begin nm" }, log(s))
    s:press("Ada", "enter")
    assert.same({ "begin nm", "end nm true" }, log(s))
    assert.equals("Ada", s:value("nm"))
  end)

  it("Esc leaves the editor: end, unchanged", function()
    s:press("enter", "esc")
    assert.same({ "begin nm", "end nm false" }, log(s))
    assert.is_nil(s:value("nm"))
  end)

  it("Esc with text typed asks first; no goes back to the editor, still begun", function()
    s:press("enter", "Bob", "esc")
    assert.matches("Discard 1 changed value%?", s:screen())
    s:press("n")
    assert.same({ "begin nm" }, log(s))
    s:press("enter")
    assert.same({ "begin nm", "end nm true" }, log(s))
    assert.equals("Bob", s:value("nm"))
  end)
end)
