-- huh's FilePicker, dialog's --fselect: `file` rows hold a path string,
-- checked for its ending, its existence and whether it is a folder; refused
-- paths say why. (Run from the repository's root, as Scripts/test does:
-- the form's base is Tests/forms/files.)
describe("huh file picker: the file kind", function()
  local s
  before_each(function() s = formrun.open("huh_file_picker.lua") end)

  it("takes an existing file with one of the endings, in any case, from base", function()
    s:send("data a.csv")
    assert.equals("a.csv", s:value("data"))
    s:send("data reports/q1.CSV")
    assert.equals("reports/q1.CSV", s:value("data"))
    assert.same({ data = "reports/q1.CSV" }, { data = s:values().data })
  end)

  it("refused paths say why, and the value stays", function()
    s:send("data a.csv")
    assert.matches("Data must end in .csv (got 'b.txt')", s:send("data b.txt"), 1, true)
    assert.matches("Data: no such file: nope.csv", s:send("data nope.csv"), 1, true)
    assert.matches("Out folder must be a folder (a.csv is a file)", s:send("out a.csv"), 1, true)
    assert.equals("a.csv", s:value("data"))
  end)

  it("a folder row takes folders, existing or not; a plain row any path", function()
    s:send("out reports")
    assert.equals("reports", s:value("out"))
    s:send("out not/made/yet")
    assert.equals("not/made/yet", s:value("out"))
    s:send("any /no/such/place.bin")
    assert.equals("/no/such/place.bin", s:value("any"))
    s.form:find("any").value = nil
    assert.is_nil(s:value("any"))
  end)

  it("the editor says what it takes; the options read back", function()
    assert.matches("a path to a file ending in .csv that exists, from Tests/forms/files", s:send("show data"), 1, true)
    assert.matches("a path to a folder", s:send("show out"), 1, true)
    local data = s.form:find("data")
    assert.same({ "csv" }, data.extensions)
    assert.is_true(data.must_exist)
    assert.equals("Tests/forms/files", data.base)
    local ok, err = pcall(function() data.extensions = { "c sv" } end)
    assert.matches("'extensions' must hold endings such as \"csv\" (got 'c sv')", err, 1, true)
  end)
end)
