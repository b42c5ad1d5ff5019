describe("RE deletion with completion: formrun.confirm", function()
  local s
  before_each(function() s = formrun.open("re_delete_confirm.lua") end)
  local function count() return #s.form:find_section("tasks").items end

  it("a yes lets the handler go on; the question is in the output", function()
    s:confirms(true)
    local out = s:send("delete 1")
    assert.matches("Delete 'Buy milk'? [y/N] y", out, 1, true)
    assert.equals(1, count())
  end)

  it("a no stops it, with the handler's message", function()
    s:confirms(false)
    assert.matches("Kept.", s:send("delete 1"), 1, true)
    assert.equals(2, count())
  end)

  it("a function answers each question by its text", function()
    local asked = {}
    s:confirms(function(q) asked[#asked + 1] = q; return q:find("plumber") ~= nil end)
    s:send("delete 1")
    s:send("delete 2")
    assert.same({ "Delete 'Buy milk'?", "Delete 'Call the plumber'?" }, asked)
    assert.equals(1, count())
    assert.equals("Buy milk", s.form:find_section("tasks").items[1].title)
  end)

  it("unanswered, the answer is no and the output says why", function()
    assert.matches("the test gave no answer", s:send("delete 1"), 1, true)
    assert.equals(2, count())
  end)


end)
