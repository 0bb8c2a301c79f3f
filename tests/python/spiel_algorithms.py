"""A Monte Carlo tree search and an alpha-beta written only against
OpenSpiel's pyspiel names (current_player, legal_actions, chance_outcomes,
apply_action, clone, returns, PlayerId, get_type...), as a program written
for OpenSpiel would be: test_pyspiel.py runs them on morph.pyspiel to show
that the names keep OpenSpiel's meaning. Nothing here knows morph."""
import math


def rollout(state, rng):
    """Plays uniformly random actions (chance by its probabilities) to the
    end; the returns."""
    state = state.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state.returns()


class Node:
    __slots__ = ("player", "children", "visits", "total")

    def __init__(self, player):
        self.player = player  # who chose the action leading here (the parent's player)
        self.children = {}
        self.visits = 0
        self.total = 0.0


def mcts(state, simulations, rng, c=1.4):
    """UCT from state (a decision node) with random rollouts: the action
    most visited."""
    assert state.current_player() >= 0
    root = Node(state.current_player())
    for _ in range(simulations):
        node, work, path = root, state.clone(), [root]
        while not work.is_terminal():
            if work.is_chance_node():
                actions, weights = zip(*work.chance_outcomes())
                work.apply_action(rng.choices(actions, weights)[0])
                continue
            legal = work.legal_actions(work.current_player())
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                node.children[action] = Node(work.current_player())
                node = node.children[action]
                work.apply_action(action)
                path.append(node)
                break
            parent = node
            action = max(legal, key=lambda a: _uct(parent, parent.children[a], c))
            node = node.children[action]
            work.apply_action(action)
            path.append(node)
        returns = rollout(work, rng)
        for visited in path:
            visited.visits += 1
            visited.total += returns[visited.player]
    return max(root.children, key=lambda a: root.children[a].visits)


def _uct(parent, child, c):
    return child.total / child.visits + c * math.sqrt(math.log(parent.visits) / child.visits)


def alpha_beta(state, player, alpha=-math.inf, beta=math.inf):
    """(value for player, best action) of a deterministic two-player
    zero-sum game (the game type says so), by alpha-beta to the end."""
    game_type = state.get_game().get_type()
    assert game_type.utility == type(game_type).Utility.ZERO_SUM
    assert game_type.chance_mode == type(game_type).ChanceMode.DETERMINISTIC
    if state.is_terminal():
        return state.player_return(player), None
    maximising = state.current_player() == player
    best_action = None
    value = -math.inf if maximising else math.inf
    for action in state.legal_actions():
        child_value, _ = alpha_beta(state.child(action), player, alpha, beta)
        if maximising and child_value > value or not maximising and child_value < value:
            value, best_action = child_value, action
        if maximising:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value, best_action
