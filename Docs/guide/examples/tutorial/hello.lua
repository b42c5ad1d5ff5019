-- hello.lua: a title, a section and two rows.
form.title = "Hello"

local you = form:section{ header = "You" }
you:text{ name = "name", title = "Name" }
you:bool{ name = "coffee", title = "Coffee", value = true }
