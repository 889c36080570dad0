print("mymoney")
