-- AMB `tableViewController.sections = @[…]`: assigning the ordered list.
describe("AMB sections assigned as a list", function()
  local s
  before_each(function() s = formrun.open("amb_sections.lua") end)
  local function tags()
    local out = {}
    for i, sec in ipairs(s.form.sections) do out[i] = sec.tag end
    return table.concat(out, ",")
  end

  it("reorders the sections and renumbers the rows", function()
    local a, b, c = s.form:find_section("a"), s.form:find_section("b"), s.form:find_section("c")
    s.form.sections = { c, a, b }
    assert.equals("c,a,b", tags())
    assert.equals(1, s.form:find("z").row)
    s:send("1 first")
    assert.equals("first", s:value("z"))
    assert.matches("C.*A.*B", s:screen())
  end)

  it("sections left out are removed", function()
    s.form.sections = { s.form:find_section("b") }
    assert.equals("b", tags())
    assert.is_nil(s.form:find("x"))
    assert.is_nil(s:values().x)
  end)

  it("refuses what is not a list of this form's sections, each once, changing nothing", function()
    local a = s.form:find_section("a")
    local function set(v) return select(2, pcall(function() s.form.sections = v end)) end
    assert.matches("listed twice", set({ a, a }), 1, true)
    assert.matches("entry 2 is not a section (got string)", set({ a, "b" }), 1, true)
    assert.matches("table of sections expected, got number", set(3), 1, true)
    assert.equals("a,b,c", tags())
    s.form:remove_section("c")
    local ok, err = pcall(function() s.form.sections = { a } end)
    assert.is_true(ok, err)
  end)
end)
