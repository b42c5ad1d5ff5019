-- Examples/todo.lua: a to-do list edited with row commands (insert, do, delete,
-- move) and kept summed up by a form-wide on_change.
describe("to-do list", function()
  local s
  before_each(function() s = formrun.open("Examples/todo.lua", { width = 60 }) end)

  local function tasks()
    local out = {}
    for i, item in ipairs(s.form:find_section("tasks").items) do out[i] = item.value or "" end
    return out
  end

  it("starts with two open tasks and a section of its own for the owner", function()
    assert.same({ "Buy milk", "Call the plumber" }, tasks())
    assert.matches("2 open, 0 done", s:screen())
    assert.equals(2, #s.form.sections)
    assert.is_nil(s.form.sections[2].header)
  end)

  it("inserts a task at the end or before a row, and counts it", function()
    s:send("insert")
    s:send("3 Water the plants")
    s:send("insert 1")
    s:send("1 Pay rent")
    assert.same({ "Pay rent", "Buy milk", "Call the plumber", "Water the plants" }, tasks())
    assert.matches("4 open, 0 done", s:screen())
  end)

  it("marks a task done with a row action, and deletes only done tasks", function()
    assert.matches("'Buy milk' is not done: do 1 Done first.", s:send("delete 1"), 1, true)
    assert.same({ "Buy milk", "Call the plumber" }, tasks())
    s:send("do 1 done")
    assert.matches("1 open, 1 done", s:screen())
    assert.matches("Done[ *]+Buy milk +✓", s:screen())
    s:send("delete 1")
    assert.same({ "Call the plumber" }, tasks())
    assert.matches("1 open, 0 done", s:screen())
  end)

  it("re-orders tasks, but an important one only goes up", function()
    s:send("move 1 2")
    assert.same({ "Call the plumber", "Buy milk" }, tasks())
    s:send("do 2 Important")
    s:send("move 2 1")
    assert.same({ "Buy milk", "Call the plumber" }, tasks())
    assert.matches("Important tasks stay where they are or go up.", s:send("move 1 2"), 1, true)
    assert.same({ "Buy milk", "Call the plumber" }, tasks())
    assert.matches("Tasks stay in the list.", s:send("move 2 3"), 1, true)
    assert.equals("Tasks", s.form:find("task2").section.header)
  end)

  it("the form-wide on_change reopens a done task the user cleared", function()
    s:send("do 2 Done")
    assert.matches("1 open, 1 done", s:screen())
    s:send("clear 2")
    assert.matches("2 open, 0 done", s:screen())
    assert.is_false(s.form:find("task2").data.done)
  end)

  it("submits the tasks in their order and prints the list", function()
    s:send("do 2 Done")
    s:send("move 2 1")
    s:send("owner Ann")
    assert.is_true(s:submit())
    assert.equals("[x] Call the plumber\n[ ] Buy milk", s.output)
    assert.same({ task1 = "Buy milk", task2 = "Call the plumber", owner = "Ann" }, s:values())
  end)
end)
