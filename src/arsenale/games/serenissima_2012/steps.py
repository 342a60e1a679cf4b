"""The steps of the active galley's activation (serenissima-2012.en.txt, "A) Action"), in a
module of their own so that the rule modules and the state can all import them."""

# Step of the active galley's activation: 1) Loading, 2) Movement, 3) Sale or Battle.
LOADING, MOVING, STEP3 = 0, 1, 2
# What the active galley has started in step 3: nothing yet, a sale, or a battle.
NO_MODE, SALE, BATTLE = 0, 1, 2
