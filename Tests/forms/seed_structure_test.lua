-- Whole-structure calls (issue 13, capability 6), as HoloTableView's and RE's.
-- The form is Tests/forms/seed_rows.lua.
describe("seed capabilities: whole-structure calls", function()
  local s
  before_each(function() s = formrun.open("seed_rows.lua", { width = 50 }) end)

  local function headers()
    local out = {}
    for i, section in ipairs(s.form.sections) do out[i] = section.header or "-" end
    return out
  end

  it("Holo remakeRow: item:remake replaces every property and keeps the row's place", function()
    local item = s.form:find("first")
    s:send("first typed")
    item.description = "old help"
    item:remake{ name = "renamed", title = "Remade", validators = { "presence" } }
    assert.is_nil(item.description)
    assert.equals(item, s.form:find("renamed"))
    assert.is_nil(s.form:find("first"))
    assert.equals(1, item.row)
    assert.equals("Remade", item.title)
    assert.is_nil(item.value)
    assert.is_nil(item.data)
    assert.is_false(item.deletable)
    assert.same({}, item.actions)
    assert.same({ "presence" }, item.validators)
    assert.matches("row 1 %(Remade%) has no actions", s:send("do 1"))
  end)

  it("Holo remakeRow: bad props change nothing", function()
    local item = s.form:find("first")
    assert.error_matches(function() item:remake{ title = "X", vaule = 3 } end, "unknown property 'vaule'")
    assert.error_matches(function() item:remake{ name = "second" } end, "second")
    assert.equals("First", item.title)
    assert.same({ id = 7 }, item.data)
  end)

  it("Holo remakeSection: section:remake replaces its properties, the rows stay", function()
    local tasks = s.form:find_section("tasks")
    tasks:remake{ header = "Jobs" }
    assert.equals("Jobs", tasks.header)
    assert.is_nil(tasks.tag)
    assert.is_nil(tasks.data)
    assert.is_nil(tasks.on_insert)
    assert.equals(4, #tasks.items)
    assert.matches("no section takes inserted rows", s:send("insert"))
  end)

  it("RE removeAllSections: form:clear() removes every section", function()
    s.form:clear()
    assert.equals(0, #s.form.sections)
    assert.is_nil(s.form:find("first"))
    assert.matches("the form has no rows", s:send("1"))
    s.form:text{ name = "again", title = "Again" }
    assert.equals(1, s.form:find("again").row)
  end)

  it("Holo moveSection: form:move_section(from, to), and form.sections assigned in order", function()
    assert.same({ "Tasks", "Other", "-" }, headers())
    s.form:move_section(3, 1)
    assert.same({ "-", "Tasks", "Other" }, headers())
    assert.equals(1, s.form:find("loose").row)
    assert.error_matches(function() s.form:move_section(1, 4) end, "index 4 out of range 1 to 3")
    local list = s.form.sections
    s.form.sections = { list[3], list[1], list[2] }
    assert.same({ "Other", "-", "Tasks" }, headers())
  end)
end)
