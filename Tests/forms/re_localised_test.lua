-- The whole UI in the author's language (issue 28 item 4): RETableViewManager's
-- localised strings and Eureka's. form.locale picks a shipped catalogue,
-- form.messages overrides any of its keys (and validators' messages).
describe("seed capabilities: localised UI", function()
  local s
  before_each(function() s = formrun.open("re_localised.lua", { width = 60 }) end)

  it("RE localised strings: refusals and the legend are German", function()
    assert.matches("Nein: Alter darf höchstens 10 sein", s:send("age 99"))
    assert.matches("Nein: Tarif hat keine Option 'x'", s:send("plan x"))
    assert.matches("%* Pflichtfeld", s:screen())
  end)

  it("Eureka: switch answers in German, English still taken", function()
    s:send("news ja")
    assert.is_true(s:value("news"))
    s:send("news off")
    assert.is_false(s:value("news"))
    assert.matches("Newsletter +aus", s:screen())
  end)

  it("dates read and show German month and day names", function()
    s:send("born Samstag, 3. März 2001")
    assert.equals("2001-03-03", s:value("born"))
    assert.matches("Samstag, 3%. März 2001", s:screen())
    assert.matches("Datum ungültig %(Februar 2001 hat 28 Tage%)", s:send("born Montag, 30. Februar 2001"))
    assert.matches("ist ein Samstag", s:send("born Montag, 3. März 2001"))
  end)

  it("the author's plural forms and validator messages", function()
    local ok, why = s:submit()
    assert.is_false(ok)
    assert.same({ "Bitte Spitzname angeben." }, s:errors("nick"))
    assert.matches("Noch ein Problem:", why)
    s.form.messages = { ["submit.cannot"] = "Es fehlen {count}:" }
    ok, why = s:submit()
    assert.matches("Es fehlen 1:", why)
  end)

  it("a misspelt key or a missing placeholder is the author's error", function()
    assert.error_matches(function() s.form.messages = { ["submit.canot"] = "x" } end,
      "no message 'submit.canot' %(did you mean 'submit.cannot'%?%)")
    assert.error_matches(function() s.form.messages = { ["number.at_most"] = "{label} ist zu groß" } end,
      "must say {max}")
    assert.error_matches(function() s.form.locale = "fr" end, "no locale 'fr'")
  end)

  it("the locale and the messages read back", function()
    assert.equals("de", s.form.locale.language)
    assert.equals("März", s.form.locale.months[3])
    assert.equals("Noch ein Problem:", s.form.messages["submit.cannot"].one)
    assert.equals("Bitte %s angeben.", s.form.messages.presence)
  end)
end)
