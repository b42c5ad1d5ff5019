-- Raclette createRow (no section: the LAST section) with Holo's makeRows
-- (no section yet: a default one); the form is raclette_create_row.lua.
describe("Raclette createRow: rows made without a section", function()
  local s
  before_each(function() s = formrun.open("raclette_create_row.lua") end)
  local function section_of(name)
    local item = s.form:find(name)
    return item.section.index, item.section.header
  end

  it("with no section yet, a default one with no header is made", function()
    assert.equals(2, #s.form.sections)
    assert.same({ 1, nil }, { section_of("first") })
  end)

  it("once sections exist, the row goes to the last one", function()
    assert.same({ 2, "Last" }, { section_of("second") })
    s.form:section{ header = "Newer" }
    local third = s.form:number{ name = "third", title = "Third" }
    assert.equals("number", third.kind)
    assert.same({ 3, "Newer" }, { section_of("third") })
    assert.equals(3, #s.form.sections)
  end)

  it("after the sections are moved or removed, the last one then", function()
    s.form:move_section(2, 1)
    s.form:text{ name = "moved", title = "Moved" }
    assert.same({ 2, nil }, { section_of("moved") })
    s.form:remove_section(s.form.sections[2])
    s.form:text{ name = "after", title = "After" }
    assert.same({ 1, "Last" }, { section_of("after") })
  end)

  it("after clear(), a default section is made again", function()
    s.form:clear()
    local item = s.form:text{ name = "again", title = "Again" }
    assert.equals(1, #s.form.sections)
    assert.equals(1, item.row)
    assert.is_nil(item.section.header)
  end)
end)
