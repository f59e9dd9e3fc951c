class SeasonError(ValueError):
    """A change to a season, ladder or league refused, with a sentence for the player or organiser."""
