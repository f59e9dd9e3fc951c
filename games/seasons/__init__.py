"""Club seasons (docs/seasons.md): series standings across club nights, a Duel challenge ladder,
and leagues of divisions with promotion and relegation. The rules live in the pure modules
(`standings`, `ladder`, `divisions`: no Django); the models hold the state, the services
(`season_service`, `ladder_service`, `league_service`) change it, one transaction each."""
