-- spec/survey_spec.lua: your spec on their form, which runs in the sandbox.
describe("survey.lua in the sandbox", function()
  it("cannot open files", function()
    local s = formrun.open("survey.lua", { sandbox = true })
    local said = s:send("team Red")
    assert.matches("attempt to index a nil value %(global 'io'%)", said)
    assert.equals("Red", s:value("team"))
  end)
end)
