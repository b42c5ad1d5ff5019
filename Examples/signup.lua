-- A sign-up form (the manual's tour of the Lua API), with the kinds formrun has today.
form.title = "Create account"

local account = form:section{ header = "Account", footer = "We never share it." }
account:text{ name = "email", title = "Email", placeholder = "you@example.com",
              validators = { "presence", "email" } }
account:text{ name = "password", title = "Password", secure = true,
              validators = { "presence", "length(8, 64)" } }
account:bool{ name = "newsletter", title = "Newsletter", value = true,
              on_change = function(item) print("newsletter is now", item.value) end }

local more = form:section{ header = "More", tag = "more" }
more:item{ title = "Terms of service", accessory = "disclosure",
           on_select = function(item) print("https://example.com/terms") end }
more:add("Just a simple string")

form:on_submit(function(values)
  if values.email and values.email:find("@example%.com$") then
    return "example.com addresses are for documentation only"
  end
end)
