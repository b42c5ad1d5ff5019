-- RE moveHandler / moveCompletionHandler: on_move may refuse before the move,
-- on_moved and the form's on_moved run after it (the form is re_move_completion.lua).
describe("RE move completion: on_moved after the user's move", function()
  local s
  before_each(function() s = formrun.open("re_move_completion.lua") end)
  local function moves() return s.form:find_section("chores").data end
  local function titles(tag)
    local out = {}
    for i, item in ipairs(s.form:find_section(tag).items) do out[i] = item.title end
    return out
  end

  it("runs the row's on_moved, then the form's, with the row's old and new numbers", function()
    s:send("move 3 2")
    assert.same({ "Water plants", "Cook", "Sweep" }, titles("chores"))
    assert.same({ "row Cook 3>2", "form Cook 3>2 in Chores" }, moves())
  end)

  it("into another section: the new number and section are those after the move", function()
    s:send("move 2 4")
    assert.same({ "Water plants", "Cook" }, titles("chores"))
    assert.same({ "Taxes", "Sweep" }, titles("later"))
    assert.same({ "row Sweep 2>4", "form Sweep 2>4 in Later" }, moves())
  end)

  it("a move refused by on_move runs neither", function()
    assert.matches("Not first.", s:send("move 2 1"), 1, true)
    assert.same({ "Water plants", "Sweep", "Cook" }, titles("chores"))
    assert.same({}, moves())
  end)

  it("a move to its own place runs neither", function()
    s:send("move 2 2")
    assert.same({}, moves())
  end)

  it("the form's on_moved reads back and can be cleared", function()
    local f = s.form.on_moved
    assert.is_function(f)
    s.form.on_moved = nil
    s:send("move 3 2")
    assert.same({ "row Cook 3>2" }, moves())
  end)
end)
