-- The six-row sign-up of the UX review (form (a)): an email with a validator,
-- a password of 8 to 64, a radio of 5, a multiple of 6 limited to 1 to 3, a
-- switch, a date with bounds. The accessible-words count, the screen mode's
-- in-process tests and its pty tests all fill this one form.
form.title = "Join the club"
local s = form:section{ header = "You" }
s:text{ name = "email", title = "Email", placeholder = "you@example.com",
        required = true, validators = { "email" } }
s:text{ name = "password", title = "Password", secure = true,
        validators = { "presence", "length(8, 64)" } }
s:radio{ name = "plan", title = "Plan", required = true,
         options = { "Free", "Basic", "Plus", "Pro", "Enterprise" } }
s:multiple{ name = "topics", title = "Topics",
            options = { "Lua", "Swift", "Go", "Rust", "Python", "Shell" },
            validators = { "count(1, 3)" } }
s:bool{ name = "newsletter", title = "Newsletter" }
s:date{ name = "birthday", title = "Birthday", min = "1900-01-01", max = "2026-12-31",
        required = true }
