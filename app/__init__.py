"""The Chinese Poker application: the Textual game and the `chinese-poker` command line."""
