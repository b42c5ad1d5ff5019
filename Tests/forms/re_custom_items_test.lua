-- RETableViewManager's custom items (CustomItem.someVariable read by its
-- cell, the cell reconfigured when its item changes): a kind's own typed
-- options, its editor hint, how its value reads aloud, and `format` run
-- again when the row's data or an option changes.
describe("RE custom items: first-class custom kinds", function()
  local s
  before_each(function() s = formrun.open("re_custom_items.lua") end)

  it("a kind's own options are set as props, read as item.X and used by parse", function()
    local bd = s.form:find("bd")
    assert.equals(10, bd.max)
    assert.is_nil(bd.unit)
    assert.matches("at most 10", s:send("bd 12"), 1, true)
    s:send("bd 7")
    assert.equals(7, s:value("bd"))
    bd.max = 5
    assert.matches("at most 5", s:send("bd 7"), 1, true)
  end)

  it("options are type-checked; an undeclared one is unknown", function()
    local bd = s.form:find("bd")
    local ok, err = pcall(function() bd.max = "ten" end)
    assert.is_false(ok)
    assert.matches("'max' must be a number (got string)", err, 1, true)
    ok, err = pcall(function() bd.tags = { 1 } end)
    assert.matches("'tags' must be a list of strings", err, 1, true)
    ok, err = pcall(function() bd.maxx = 3 end)
    assert.matches("unknown property 'maxx'", err, 1, true)
    assert.matches("did you mean 'max'", err, 1, true)
    bd.tags = { "a", "b" }
    assert.same({ "a", "b" }, bd.tags)
  end)

  it("format runs again when data or an option changes, and on reload", function()
    assert.matches("[1] inbox", s:screen(), 1, true)
    local bd = s.form:find("bd")
    bd.data = { label = "outbox" }
    assert.matches("[1] outbox", s:screen(), 1, true)
    bd.unit = "mails"
    assert.matches("[1] outbox mails", s:screen(), 1, true)
    bd.data.label = "archive"  -- changed in place: seen after form:reload()
    s.form:reload()
    assert.matches("[1] archive mails", s:screen(), 1, true)
    assert.matches("value%s+%[1%] archive mails", s:send("show bd"))
  end)

  it("the hint is what the editor asks, in show N and the prompt", function()
    assert.matches("type%s+a count, like 3", s:send("show bd"))
    assert.matches("a count, like 3", s:send("bd"), 1, true)
  end)

  it("a kind without a hint still asks for one line of text", function()
    s.form:kind("note", { format = function(v) return v end })
    s.form.sections[1]:note{ name = "n", title = "Note" }
    assert.matches("type%s+one line of text", s:send("show n"))
  end)

  it("bad kind specs are errors naming the field", function()
    local function kind(spec) return select(2, pcall(function() s.form:kind("k" .. math.random(1e6), spec) end)) end
    assert.matches("has no field 'formt' (did you mean 'format'?)", kind({ formt = print }), 1, true)
    assert.matches("option 'max' of kind '.-' needs a type", kind({ options = { max = "float" } }))
    assert.matches("'title' is a property of every item", kind({ options = { title = "string" } }), 1, true)
    assert.matches("bad value for 'hint'", kind({ hint = 3 }), 1, true)
  end)
end)
