"""English dates as the club history has always shown them: ISO, the same on every continent
(Django's English default is the American month/day/year). Other languages keep Django's."""

SHORT_DATE_FORMAT = "Y-m-d"
