"""Small Textual widgets: card tiles, rows, seats, the countdown."""
