"""Leaderboards: each user's best rankable submit per problem x device x language, kept in
LeaderboardBest by services.leaderboard_best_refresh and read by the selectors."""
