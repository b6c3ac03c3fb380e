import TextNavigation
print("todo")
