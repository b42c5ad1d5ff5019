-- RE's manager: insert, remove, remove all, replace, exchange and sort
-- sections, and a removed section put back (form built here, as a script would).
describe("RE manager section operations", function()
  local s
  before_each(function()
    s = formrun.open("re_section_operations.lua")
  end)
  local function headers()
    local out = {}
    for i, section in ipairs(s.form.sections) do out[i] = section.header or "-" end
    return out
  end

  it("exchange_sections swaps two sections, in either order, and their rows' numbers follow", function()
    s.form:exchange_sections(1, 3)
    assert.same({ "Gamma", "Beta", "Alpha" }, headers())
    assert.equals(1, s.form:find("g").row)
    s.form:exchange_sections(3, 2)
    assert.same({ "Gamma", "Alpha", "Beta" }, headers())
    s.form:exchange_sections(2, 2)
    assert.same({ "Gamma", "Alpha", "Beta" }, headers())
    assert.error_matches(function() s.form:exchange_sections(1, 4) end, "index 4 out of range 1 to 3")
  end)

  it("sort_sections orders by the function, stably, as table.sort's comparator", function()
    s.form:sort_sections(function(a, b) return a.header > b.header end)
    assert.same({ "Gamma", "Beta", "Alpha" }, headers())
    s.form:sort_sections(function(a, b) return #a.items > #b.items end)
    assert.same({ "Beta", "Gamma", "Alpha" }, headers())
    assert.matches("│ 4  A ", s:send("show"), 1, true)
  end)

  it("a sort function that fails leaves the order alone and says so", function()
    assert.error_matches(function() s.form:sort_sections(function(a, b) error("no order") end) end,
      "sort_sections: .*no order")
    assert.same({ "Alpha", "Beta", "Gamma" }, headers())
    assert.error_matches(function() s.form:sort_sections() end, "function expected")
  end)

  it("replace_section puts a new section (props or a header) in place of one, which is taken out", function()
    local beta = s.form.sections[2]
    local fresh = s.form:replace_section(2, { header = "Delta", tag = "d" })
    assert.same({ "Alpha", "Delta", "Gamma" }, headers())
    assert.equals(fresh, s.form:find_section("d"))
    assert.is_nil(beta.index)
    assert.is_nil(s.form:find("b1"))
    fresh:text{ name = "d1", title = "D" }
    s.form:replace_section(1, "Epsilon")
    assert.same({ "Epsilon", "Delta", "Gamma" }, headers())
  end)

  it("a removed section can be put back with its rows: insert_section, section, replace_section", function()
    local beta = s.form:find_section("beta")
    s.form:remove_section(beta)
    assert.is_nil(s.form:find("b1"))
    assert.error_matches(function() beta:text{} end, "removed from the form")
    assert.equals(beta, s.form:insert_section(1, beta))
    assert.same({ "Beta", "Alpha", "Gamma" }, headers())
    assert.equals(beta, s.form:find("b1").section)
    assert.equals(1, s.form:find("b1").row)
    beta:text{ name = "b3", title = "B3" }
    local alpha = s.form.sections[2]
    s.form:remove_section(alpha)
    s.form:section(alpha)
    assert.same({ "Beta", "Gamma", "Alpha" }, headers())
    local gamma = s.form:find_section("gamma")
    s.form:remove_section(gamma)
    assert.equals(gamma, s.form:replace_section(1, gamma))
    assert.same({ "Gamma", "Alpha" }, headers())
    assert.equals(1, s.form:find("g").row)
  end)

  it("a section already in the form is not added twice; a clash of names keeps the old section", function()
    local alpha = s.form.sections[1]
    assert.error_matches(function() s.form:insert_section(2, alpha) end, "already in the form")
    assert.error_matches(function() s.form:replace_section(2, alpha) end, "already in the form")
    local beta = s.form.sections[2]
    s.form:remove_section(beta)
    s.form:section("Other"):text{ name = "b1" }
    assert.error_matches(function() s.form:replace_section(1, beta) end, "b1")
    assert.same({ "Alpha", "Gamma", "Other" }, headers())
    assert.equals(alpha, s.form.sections[1])
    assert.equals(1, s.form:find("a1").row)
  end)
end)
