"""Domain logic of the club history. Views, the API, the admin and the management commands
call these modules; none of them computes a result or a rating itself."""
