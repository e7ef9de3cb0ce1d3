import KapeCLI

KapeMain.main()
