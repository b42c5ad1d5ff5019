-- spec/feedback_spec.lua: the page a browser gets, checked without a browser.
describe("feedback.lua served", function()
  local s
  before_each(function() s = formrun.open("feedback.lua", { web = true }) end)

  it("labels every control and marks a bad email", function()
    s:send("email nope")
    local page = s:page()
    assert.matches('<label for="r4">Email, if we may answer</label>', page, 1, true)
    assert.matches('aria%-invalid="true"', page)
    assert.matches("Email, if we may answer is not a valid email.", page, 1, true)
  end)

  it("needs a rating", function()
    local ok, why = s:submit()
    assert.is_false(ok)
    assert.matches("Rating can't be blank", why)
  end)
end)
