-- Messages in the author's words (issue 13, capability 5): REValidation lets
-- messages be customised and localised; RE's item.name names a row in them.
describe("seed capabilities: messages", function()
  local s
  before_each(function() s = formrun.open("seed_messages.lua", { width = 60 }) end)

  it("REValidation custom message: a row's own message for a validator", function()
    local ok, why = s:submit()
    assert.is_false(ok)
    assert.same({ "Tell us your email." }, s:errors("email"))
  end)

  it("REValidation localised messages: form.messages with %s as the title", function()
    s:submit()
    assert.same({ "Nom est obligatoire." }, s:errors("nom"))
    s:send("email nope")
    assert.same({ "Email n'est pas une adresse." }, s:errors("email"))
  end)

  it("REValidation: a validator the tables do not name keeps the built-in wording", function()
    s:send("nom X")
    assert.same({ "Nom is too short (minimum is 2 characters)." }, s:errors("nom"))
  end)

  it("RE item.name: error_label names the row in messages", function()
    s:submit()
    assert.same({ "Le mot de passe est obligatoire." }, s:errors("pw"))
    s:send("pw abc")
    assert.same({ "Le mot de passe is too short (minimum is 8 characters)." }, s:errors("pw"))
    assert.matches("Mot de passe", s:screen())
  end)

  it("REValidation: messages set later apply at once and read back", function()
    local item = s.form:find("nom")
    item.messages = { length = "Deux lettres au moins, %s." }
    s:send("nom X")
    assert.same({ "Deux lettres au moins, Nom." }, s:errors("nom"))
    assert.same({ length = "Deux lettres au moins, %s." }, item.messages)
    assert.equals("%s est obligatoire.", s.form.messages.presence)
    assert.error_matches(function() item.messages = { length = 3 } end, "the message for 'length' must be a string")
  end)

  it("RE date picker locale: month and day names from form.locale, shown and read", function()
    s:send("jour 2026-07-14")
    assert.matches("mardi 14 juillet 2026", s:screen(), 1, true)
    s:send("jour lundi 1 juin 2026")
    assert.equals("2026-06-01", s:value("jour"))
    s:send("court 3 fév 2026")
    assert.equals("2026-02-03", s:value("court"))
    assert.matches("3 fév 2026", s:screen(), 1, true)
    assert.matches("on or after 1 jan 2026", s:send("court 2025-12-31"), 1, true)
    assert.matches("such as 2026-11-30, 30 nov 2026, 30/11/2026 or 30 novembre 2026", s:send("court someday"), 1, true)
  end)

  it("RE date picker locale: a bad locale is refused with the reason", function()
    assert.error_matches(function() s.form.locale = { months = { "a" } } end, "'months' must list 12 names")
    assert.error_matches(function() s.form.locale = { weeks = {} } end, "unknown field 'weeks'")
    s.form.locale = nil
    assert.equals("January", s.form.locale.months[1])
  end)
end)
