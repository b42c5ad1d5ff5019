-- spec/plans_spec.lua: what plans.lua promises, run by `formrun test`.
describe("plans.lua", function()
  local s
  before_each(function() s = formrun.open("plans.lua") end)

  it("asks for seats only on the Team plan", function()
    assert.is_true(s.form:find("seats").hidden)
    s:send("plan Team")
    assert.is_false(s.form:find("seats").hidden)
    s:send("plan Pro")
    assert.is_true(s.form:find("seats").hidden)
  end)

  it("refuses a bad email", function()
    s:send("email nope")
    assert.same({ "Email is not a valid email." }, s:errors("email"))
    assert.is_false((s:submit()))
  end)

  it("submits seats with the Team plan", function()
    s:send("email ada@example.com")
    s:send("plan Team")
    s:send("seats 5")
    assert.is_true((s:submit()))
    assert.same({ email = "ada@example.com", plan = "Team", seats = 5 }, s:values())
  end)
end)
