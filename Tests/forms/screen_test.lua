-- The screen mode driven from a spec, as a form author tests it:
-- formrun.open(path, { screen = true }), then s:press(...) and s:screen().
describe("signup in the screen mode", function()
  local s
  before_each(function()
    s = formrun.open("Examples/signup.lua", { screen = true, width = 60, height = 20 })
  end)

  it("starts with the focus on the first row", function()
    assert.snapshot(s:screen(), "screen-signup-start")
    assert.is_nil(s.ending)
  end)

  it("types into a row, keeps a refused value in its editor, and submits", function()
    s:press("enter", "nope", "enter")
    assert.equals("nope", s:value("email"))
    -- the editor is still open on the typed text (its hint and keys), the
    -- reason under it; the next keys edit it
    assert.snapshot(s:screen(), "screen-signup-refused")
    -- the refused text is selected: End edits it in place
    s:press("end", "@club.org", "enter")
    assert.equals("nope@club.org", s:value("email"))
    -- Enter went on to the next row; typing on a filled row replaces its value
    s:press("up", "ada@club.org", "enter")
    assert.equals("ada@club.org", s:value("email"))
    s:press("enter", "hunter22x", "enter", "up")
    assert.snapshot(s:screen(), "screen-signup-filled")
    s:press("ctrl-s")
    assert.equals("submitted", s.ending)
    assert.same({ email = "ada@club.org", password = "hunter22x", newsletter = true }, s:values())
  end)

  it("toggles a switch with space, and shows what its handler printed", function()
    s:press("down", "down", "space")
    assert.is_false(s:value("newsletter"))
    assert.matches("newsletter is now\tfalse", s.output)
    assert.equals("", s.output)
  end)

  it("asks before discarding a change, and n keeps every value", function()
    s:press("enter", "a@b.co", "enter", "esc")
    assert.matches("Discard 1 changed value%? %[y/N%]", s:screen())
    s:press("n")
    assert.is_nil(s.ending)
    assert.equals("a@b.co", s:value("email"))
    s:press("esc", "y")
    assert.equals("cancelled", s.ending)
  end)

  it("says which keys were not pressed after the end", function()
    s:press("ctrl-c")
    assert.equals("interrupted", s.ending)
    assert.error_matches(function() s:press("down") end, "the screen has ended %(interrupted%); 'down' was not pressed")
  end)
end)

describe("press", function()
  it("needs the screen mode", function()
    local s = formrun.open("Examples/signup.lua")
    assert.error_matches(function() s:press("down") end, "press needs the screen mode")
  end)

  it("takes strings only, and at least one", function()
    local s = formrun.open("Examples/signup.lua", { screen = true })
    assert.error_matches(function() s:press() end, "bad argument #1 to 'press' %(string expected, got no value%)")
    assert.error_matches(function() s:press("down", {}) end, "bad argument #2 to 'press' %(string expected, got table%)")
  end)

  it("refuses a screen option that is not a boolean", function()
    assert.error_matches(function() formrun.open("Examples/signup.lua", { screen = 1 }) end, "screen must be a boolean")
  end)
end)

describe("a JSON Schema form in the screen mode", function()
  it("is filled with the same keys and submits the schema's nested document", function()
    local s = formrun.open("Examples/package.schema.json", { screen = true, width = 70, height = 40 })
    -- Enter takes a value and goes on to the next row
    s:press("enter", "my-pkg", "enter")
    -- a default is offered (the placeholder) and taken with Ctrl-T
    s:press("ctrl-t")
    -- an anyOf of titled consts is a radio: ↓ Enter takes the second
    s:press("down", "down", "enter", "down", "enter")
    -- a boolean toggles with Space; an enum's list filters as typed
    s:press("space", "down", "enter", "gpl", "enter")
    -- `/` finds a row by its title; a nested object's email is checked
    s:press("/", "email", "enter", "enter", "nope", "enter")
    assert.matches("Email must be an email address", s:screen())
    s:press("ada@club.org", "enter", "up", "up", "enter", "Ada", "enter", "up")
    assert.snapshot(s:screen(), "screen-schema-filled")
    s:press("ctrl-s")
    assert.equals("submitted", s.ending)
    assert.same({
      name = "my-pkg", version = "1.0.0", type = "module", private = true, license = "GPL-3.0-only",
      author = { name = "Ada", email = "ada@club.org" },
    }, s:values())
  end)
end)

describe("a script's own kind in the screen mode", function()
  it("says its hint in the editor, and its parse refuses in place", function()
    local s = formrun.open("Tests/forms/custom_kind.lua", { screen = true, width = 60, height = 12 })
    s:press("enter")
    assert.matches("\n    1 to 5 stars\n", s:screen())
    s:press("ctrl-u", "9", "enter")
    assert.matches("! enter 1 to 5", s:screen())
    s:press("backspace", "4", "enter")
    assert.equals(4, s:value("stars"))
    assert.matches("Rating  %*%*%*%*\n", s:screen())
  end)
end)
