-- The seed libraries' row capabilities (issue 13), each named after the one
-- it stands for in RETableViewManager (RE), HoloTableView (Holo), Raclette
-- and AMBTableViewController (AMB). The form is Tests/forms/seed_rows.lua;
-- its handlers print what they see, which `s.output` collects.
describe("seed capabilities", function()
  local s
  before_each(function() s = formrun.open("seed_rows.lua", { width = 50 }) end)

  local function titles(section)
    local out = {}
    for i, item in ipairs(s.form:find_section(section).items) do out[i] = item.title end
    return out
  end

  describe("row data", function()
    it("Holo model: data on rows and sections holds any Lua value", function()
      assert.same({ id = 7 }, s.form:find("first").data)
      assert.same({ owner = "ann", ids = { 1, 2 } }, s.form:find_section("tasks").data)
      local t = {}
      s.form:find("second").data = t
      assert.equals(t, s.form:find("second").data)
      s.form:find("second").data = nil
      assert.is_nil(s.form:find("second").data)
      assert.is_nil(s.form:find("fixed").data)
    end)

    it("AMB objects: data is never drawn or submitted", function()
      s.form:find("first").data = "SECRET-DATA"
      s.form:find_section("tasks").data = "SECRET-SECTION"
      s:send("first x")
      assert.is_not.matches("SECRET", s:screen())
      for _, v in pairs(s:values()) do assert.is_not.matches("SECRET", tostring(v)) end
      assert.is_true(s:submit())
    end)
  end)

  describe("form-wide hooks", function()
    it("RE delegate: form on_change runs after the row's own on_change", function()
      assert.matches("^own loose\nform loose nil\n", s:send("loose hello"))
      assert.matches("^form first nil\n", s:send("first a"))
      assert.matches("^form first a\n", s:send("first b"))
    end)

    it("RE delegate: form on_change is not run for a script's assignment", function()
      s.form:find("loose").value = "set by a script"
      assert.equals("", s.output)
    end)

    it("RE delegate: form.on_select runs after the row's own on_select", function()
      s:send("first ready")
      assert.matches("^go\nform select Go", s:send("go"))
    end)

    it("RE delegate: the hooks read back as properties, and a cleared one no longer runs", function()
      assert.is_function(s.form.on_change)
      assert.is_function(s.form.on_select)
      s:send("first ready")
      s.form.on_select = nil
      -- "go" selects the Go row: its own on_select still prints, the form's does not
      local out = s:send("go")
      assert.matches("^go", out)
      assert.is_not.matches("form select", out, 1, true)
    end)

    it("Raclette willSelect veto: a message stops the selection and is shown", function()
      local out = s:send("go")
      assert.matches("! First is not ready.", out, 1, true)
      assert.is_not.matches("go\n", out)
      s:send("first ready")
      assert.matches("go\nform select Go", s:send("go"), 1, true)
    end)

    it("Raclette willSelect veto: item:select() says it was stopped", function()
      local ok, why = s.form:find("go"):select()
      assert.is_false(ok)
      assert.equals("First is not ready.", why)
      s:send("first ready")
      assert.is_true((s.form:find("go"):select()))
    end)

    it("Raclette willSelect veto: false stops a switch from toggling", function()
      local out = s:send("quiet")
      assert.matches("row %d+ %(Quiet%) cannot be chosen now", out)
      assert.is_false(s:value("quiet"))
      assert.is_not.matches("form", out)
    end)
  end)

  describe("rows without a section", function()
    it("Raclette createRow: form:text{} adds to the last section", function()
      local sections = s.form.sections
      assert.equals(3, #sections)
      assert.is_nil(sections[3].header)
      assert.same({ "Loose", "Help" }, (function() local t = {} for i, it in ipairs(sections[3].items) do t[i] = it.title end return t end)())
    end)

    it("Holo makeRows: with no section left, a default one is made", function()
      s.form:remove_section(s.form.sections[3])
      assert.equals(s.form.sections[2], s.form:text{ name = "t", title = "T" }.section)
      s.form:clear()
      local item = s.form:number{ name = "n", title = "N" }
      assert.equals("number", item.kind)
      assert.equals(1, #s.form.sections)
      assert.is_nil(s.form.sections[1].header)
      assert.equals(item, s.form.sections[1].items[1])
    end)
  end)

  describe("row actions", function()
    it("Holo trailing swipe action: do N lists a row's actions and do N TITLE runs one", function()
      assert.matches("row 1 %(First%): Archive, Snooze", s:send("do 1"))
      assert.matches("^archive first", s:send("do 1 archive"))
      s:send("do first Sn")
      assert.equals("snoozed", s.form:find("first").detail)
      assert.matches("has no action 'Zap' %(its actions: Archive, Snooze%)", s:send("do 1 Zap"))
      assert.matches("row 3 %(Fixed%) has no actions", s:send("do 3 Archive"))
    end)

    it("Holo swipe actions: show N lists the row's actions and the row commands it allows", function()
      local out = s:send("show 1")
      assert.matches("actions +Archive, Snooze %(do 1 ACTION%)", out)
      assert.matches("commands +delete 1, move 1 M, insert 1", out)
      assert.is_not.matches("actions", s:send("show 3"))
      assert.matches("commands +detail 8", s:send("show help"))
    end)

    it("Holo leading swipe action: actions read back and are checked", function()
      local actions = s.form:find("first").actions
      assert.equals("Archive", actions[1].title)
      assert.is_function(actions[1].run)
      assert.error_matches(function() s.form:find("fixed").actions = { { title = "X" } } end,
        "action 'X' needs run = a function")
      assert.error_matches(function() s.form:find("fixed").actions = { { run = print } } end,
        "action 1 needs a title")
    end)

    it("RE deletionHandler deletes a deletable row", function()
      s:send("delete 1")
      assert.is_nil(s.form:find("first"))
      assert.same({ "Second", "Fixed", "Go" }, titles("tasks"))
    end)

    it("RE deletionHandler refuses with its message, and a row that is not deletable stays", function()
      s:send("second keep")
      local out = s:send("delete second")
      assert.matches("! Second is kept.", out, 1, true)
      assert.matches("^asked\n", out)
      assert.is_not_nil(s.form:find("second"))
      assert.matches("row 3 %(Fixed%) cannot be deleted", s:send("delete 3"))
      s:send("second go")
      s:send("delete second")
      assert.is_nil(s.form:find("second"))
    end)

    it("RE moveHandler: move N M puts row N at row M, told from and to", function()
      assert.matches("^move 2 3\n", s:send("move 2 3"))
      assert.same({ "First", "Fixed", "Second", "Go" }, titles("tasks"))
      assert.equals(3, s.form:find("second").row)
      s:send("move 1 4")
      assert.same({ "Fixed", "Second", "Go", "First" }, titles("tasks"))
    end)

    it("RE moveHandler refuses: false keeps the row, and an unmovable row stays", function()
      local out = s:send("move 2 1")
      assert.matches("row 2 %(Second%) was not moved", out)
      assert.same({ "First", "Second", "Fixed", "Go" }, titles("tasks"))
      assert.matches("row 3 %(Fixed%) cannot be moved", s:send("move 3 1"))
      assert.matches("there is no row 99", s:send("move 1 99"))
    end)

    it("RE moveHandler: a row moves into another section", function()
      s:send("move 1 6")
      assert.same({ "Second", "Fixed", "Go" }, titles("tasks"))
      assert.equals(6, s.form:find("first").row)
      assert.equals("Other", s.form:find("first").section.header)
      s:send("move 5 1")
      assert.equals("Tasks", s.form:find("later").section.header)
      assert.equals(1, s.form:find("later").row)
    end)

    it("RE insertionHandler: insert adds through on_insert, at the end or before row N", function()
      s:send("insert")
      assert.same({ "First", "Second", "Fixed", "Go", "New task" }, titles("tasks"))
      s:send("insert 1")
      assert.same({ "New task", "First", "Second", "Fixed", "Go", "New task" }, titles("tasks"))
      assert.matches("! six tasks are enough", s:send("insert"), 1, true)
      assert.matches("rows cannot be inserted in the section of row 7 %(Quiet%)", s:send("insert 7"))
    end)

    it("RE accessoryButtonTapHandler: detail N runs on_accessory", function()
      local row = s.form:find("help").row
      assert.matches("^detail Help", s:send("detail " .. row))
      assert.matches("has no detail button", s:send("detail 1"))
      assert.matches("⊕", s:screen(), 1, true)
    end)
  end)
end)
