"""Computer players: alpha-beta minimax and negamax, Monte Carlo tree search."""
