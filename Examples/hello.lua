form.title = "Hello"
form:text{ name = "name", title = "Your name", placeholder = "Ada" }
form:radio{ name = "drink", title = "Drink", options = { "Tea", "Coffee", "Water" }, value = "Tea" }
form:bool{ name = "milk", title = "Milk", value = true }
