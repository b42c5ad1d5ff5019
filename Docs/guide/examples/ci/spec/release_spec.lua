-- spec/release_spec.lua: the release form's rules.
describe("release.lua", function()
  local s
  before_each(function() s = formrun.open("release.lua") end)

  it("takes a version of three numbers", function()
    s:send("version 2.1")
    assert.same({ "Version is not in the expected format." }, s:errors("version"))
    s:send("version 2.1.0")
    assert.same({}, s:errors("version"))
  end)

  it("announces only a stable release", function()
    s:send("version 2.1.0")
    s:send("announce")
    local ok, why = s:submit()
    assert.is_false(ok)
    assert.matches("only a stable release", why)
    s:send("channel stable")
    assert.is_true((s:submit()))
  end)
end)
