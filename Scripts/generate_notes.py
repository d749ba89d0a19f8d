#!/usr/bin/env python3
"""Generate NotesDemo's bundled notes file.

Deterministic: the same seed always produces byte-identical output, so the committed
Sources/NotesDemo/Resources/notes.json can be regenerated and diffed at any time.

    python3 Scripts/generate_notes.py            # writes the bundled file
    python3 Scripts/generate_notes.py --count 50 --output /tmp/small.json
    python3 Scripts/generate_notes.py --check    # exit 1 if the committed file is stale

Standard library only. The notes are built from hand-written English fragments
(meetings, recipes, book notes, trips, code snippets, logs, lists, journal entries...)
combined with a seeded random generator.
"""

import argparse
import datetime as dt
import json
import os
import random
import uuid

DEFAULT_SEED = 20_240_611
DEFAULT_COUNT = 2_000
DEFAULT_OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "NotesDemo", "Resources",
    "notes.json")

START = dt.datetime(2023, 1, 2, 7, 0, 0, tzinfo=dt.timezone.utc)
END = dt.datetime(2025, 11, 28, 23, 0, 0, tzinfo=dt.timezone.utc)

PEOPLE = [
    "Priya", "Marcus", "Elena", "Tomás", "Aisha", "Jonas", "Mei", "Daniel", "Fatima", "Oliver",
    "Sofia", "Kenji", "Grace", "Rafael", "Hannah", "Ibrahim", "Chloe", "Mateo", "Nadia", "Lukas",
    "Zara", "Ethan", "Ingrid", "Samuel", "Yuki", "Amara", "Leo", "Camille", "Noah", "Beatriz",
]
TEAMS = ["Platform", "Mobile", "Design", "Growth", "Data", "Payments", "Search", "Support",
         "Infra", "Onboarding"]
PROJECTS = ["Atlas", "Beacon", "Cobalt", "Driftwood", "Ember", "Falcon", "Granite", "Harbor",
            "Juniper", "Lantern", "Meridian", "Nimbus", "Orchard", "Quarry", "Tundra"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]

MEETING_TOPICS = [
    "release planning", "quarterly roadmap", "incident review", "hiring loop debrief",
    "API deprecation", "design critique", "sprint retro", "budget check-in",
    "customer escalation", "launch readiness", "on-call handoff", "accessibility audit",
    "performance regression", "pricing experiment", "data retention policy",
]
MEETING_POINTS = [
    "We agreed to cut the scope of {project} to the two flows customers actually use.",
    "The crash rate on the last build is down to 0.{n}% after the image cache fix.",
    "{person} walked us through the new dashboard; the p95 latency panel is the useful one.",
    "Nobody owns the nightly export job, which is why it failed silently for a week.",
    "Legal wants a written answer on data retention before we ship anything to the EU.",
    "The migration is {n}% done and the remaining tables are the large ones.",
    "Support tickets about login doubled since the password reset change.",
    "We will keep the old endpoint alive until the end of the quarter and log every caller.",
    "Design proposed a simpler empty state; everyone liked it more than the illustration.",
    "The flaky UI tests are mostly timing issues around the keyboard animation.",
    "Marketing needs final screenshots by the {n}th, so the copy freeze is next Tuesday.",
    "{person} raised that the feature flag defaults differ between staging and production.",
    "We are still blocked on the vendor contract for the SMS provider.",
    "The on-call rotation is too thin in the Asia timezone; we need one more volunteer.",
    "Analytics show most people never open the settings screen, so we stop investing there.",
    "Consensus: ship behind a flag to 5% first and watch the error budget for two days.",
    "The estimate for the search rewrite went from three weeks to six after the spike.",
    "We should write the postmortem even though the outage only lasted {n} minutes.",
    "Two candidates were strong on system design; one struggled with the debugging exercise.",
    "Battery usage is fine on new phones but noticeably worse on older devices.",
]
ACTIONS = [
    "{person} to draft the rollout plan", "{person} to follow up with the vendor",
    "{person} to file tickets for the open bugs", "{person} to update the runbook",
    "{person} to schedule a follow-up with legal", "{person} to share the benchmark numbers",
    "{person} to write the migration script", "{person} to clean up the stale flags",
    "{person} to review the copy with design", "{person} to book the room for the demo",
]

CUISINES = {
    "italian": ["Pasta e fagioli", "Mushroom risotto", "Baked ziti", "Focaccia with rosemary",
                "Chicken cacciatore", "Lemon ricotta pancakes", "Spaghetti aglio e olio"],
    "mexican": ["Black bean tacos", "Chicken tinga", "Green chile enchiladas",
                "Elote salad", "Slow cooker carnitas", "Huevos rancheros"],
    "indian": ["Chana masala", "Weeknight dal tadka", "Palak paneer", "Butter chicken",
               "Aloo gobi", "Coconut fish curry"],
    "japanese": ["Miso glazed salmon", "Chicken katsu", "Cold soba with dipping sauce",
                 "Okonomiyaki", "Tamago sando", "Oyakodon"],
    "baking": ["Grandma's banana bread", "Sourdough discard crackers", "Brown butter cookies",
               "Blueberry muffins", "Olive oil cake", "Cinnamon rolls", "Rye sandwich loaf"],
    "french": ["Ratatouille", "French onion soup", "Quiche lorraine", "Coq au vin",
               "Leek and potato soup"],
    "middle-eastern": ["Shakshuka", "Chicken shawarma bowls", "Mujadara", "Fattoush",
                       "Baked falafel"],
}
VEGETARIAN = {"Pasta e fagioli", "Mushroom risotto", "Baked ziti", "Focaccia with rosemary",
              "Lemon ricotta pancakes", "Spaghetti aglio e olio", "Black bean tacos",
              "Green chile enchiladas", "Elote salad", "Huevos rancheros", "Chana masala",
              "Weeknight dal tadka", "Palak paneer", "Aloo gobi", "Cold soba with dipping sauce",
              "Okonomiyaki", "Tamago sando", "Grandma's banana bread",
              "Sourdough discard crackers", "Brown butter cookies", "Blueberry muffins",
              "Olive oil cake", "Cinnamon rolls", "Rye sandwich loaf", "Ratatouille",
              "Leek and potato soup", "Shakshuka", "Mujadara", "Fattoush", "Baked falafel"}
SAVORY_BASICS = ["2 cloves garlic", "1 diced onion", "2 tbsp olive oil", "salt and pepper",
                 "300 ml stock", "1 lemon", "a handful of parsley"]
CUISINE_INGREDIENTS = {
    "italian": ["400 g canned tomatoes", "grated parmesan", "a splash of white wine",
                "fresh basil", "250 g pasta", "a pinch of chili flakes", "1 can cannellini beans"],
    "mexican": ["2 tsp ground cumin", "1 tsp smoked paprika", "corn tortillas", "1 lime",
                "a bunch of coriander", "1 can black beans", "2 chipotles in adobo"],
    "indian": ["1 tsp cumin seeds", "1 tsp turmeric", "2 tsp garam masala", "fresh ginger",
               "200 ml coconut milk", "1 can chickpeas", "150 g spinach", "1 green chili"],
    "japanese": ["2 tbsp soy sauce", "1 tbsp mirin", "1 tbsp miso", "fresh ginger",
                 "2 spring onions", "1 tbsp rice vinegar", "3 eggs", "sesame seeds"],
    "french": ["a knob of butter", "a few sprigs of thyme", "2 leeks", "a splash of white wine",
               "1 bay leaf", "100 ml cream", "2 carrots"],
    "middle-eastern": ["1 tsp cumin", "1 tsp sumac", "200 g lentils", "1 can chickpeas",
                       "plain yogurt", "a handful of mint", "2 tbsp tahini"],
}
MEATS = ["500 g chicken", "400 g pork shoulder", "2 salmon fillets", "300 g bacon lardons",
         "500 g white fish", "600 g pork carnitas"]
BAKING_INGREDIENTS = ["250 g flour", "120 g sugar", "3 eggs", "100 g butter", "1 tsp baking soda",
                      "1 tsp vanilla", "200 ml milk", "2 ripe bananas", "150 g blueberries",
                      "a pinch of salt", "100 ml olive oil", "1 tsp cinnamon", "7 g dried yeast"]
SAVORY_STEPS = [
    "Soften the onion slowly in the oil; don't rush this part.",
    "Toast the spices for about a minute until they smell nutty.",
    "Add the liquid and simmer for {n}0 minutes, stirring now and then.",
    "Season at the end, after it has reduced, or it ends up too salty.",
    "Finish with lemon juice and a handful of herbs right before serving.",
    "Cook in batches so the pan stays hot and things brown instead of steaming.",
    "Blend half of it for a creamier texture and keep the rest chunky.",
    "Keep a cup of the cooking water to loosen it at the end.",
]
BAKING_STEPS = [
    "Preheat the oven to {temp} degrees C and line the tin with paper.",
    "Cream the butter and sugar until pale, about five minutes.",
    "Fold the dry ingredients in gently, just until no streaks of flour remain.",
    "Rest the dough in the fridge overnight; the flavor is much better.",
    "Bake for {n}0 minutes, until a skewer comes out clean.",
    "Let it cool in the tin for ten minutes before turning it out.",
    "Brush with milk before baking for a darker crust.",
]
RECIPE_NOTES = [
    "Next time: less salt, more acid.", "The kids asked for seconds, which never happens.",
    "Doubled the garlic and did not regret it.", "Freezes well for about a month.",
    "Too dry at {n} minutes; check earlier next time.",
    "Swapped the butter for olive oil and it still worked.",
    "Good for meal prep, tastes better on day two.",
    "Came from {person}'s family; she says the secret is patience.",
]

BOOKS = [
    ("The Left Hand of Darkness", "Ursula K. Le Guin", "fiction"),
    ("Middlemarch", "George Eliot", "fiction"),
    ("The Pragmatic Programmer", "Hunt and Thomas", "software"),
    ("Designing Data-Intensive Applications", "Martin Kleppmann", "software"),
    ("A Philosophy of Software Design", "John Ousterhout", "software"),
    ("Thinking in Systems", "Donella Meadows", "non-fiction"),
    ("The Name of the Rose", "Umberto Eco", "fiction"),
    ("Braiding Sweetgrass", "Robin Wall Kimmerer", "non-fiction"),
    ("Project Hail Mary", "Andy Weir", "sci-fi"),
    ("The Dispossessed", "Ursula K. Le Guin", "sci-fi"),
    ("Piranesi", "Susanna Clarke", "fiction"),
    ("The Soul of a New Machine", "Tracy Kidder", "non-fiction"),
    ("Crafting Interpreters", "Robert Nystrom", "software"),
    ("Pride and Prejudice", "Jane Austen", "fiction"),
    ("The Overstory", "Richard Powers", "fiction"),
    ("Station Eleven", "Emily St. John Mandel", "fiction"),
    ("The Design of Everyday Things", "Don Norman", "design"),
    ("Four Thousand Weeks", "Oliver Burkeman", "non-fiction"),
    ("Dune", "Frank Herbert", "sci-fi"),
    ("Working in Public", "Nadia Eghbal", "software"),
]
BOOK_THOUGHTS = [
    "Finished chapter {n} tonight; the pacing finally picks up.",
    "The main idea so far: complexity accumulates in small, reasonable-looking steps.",
    "I keep underlining passages about attention and how little of it we really have.",
    "The second half is slower, but the ending made it worth it.",
    "Good reminder that interfaces should be deep, not wide.",
    "The world-building is dense; I had to reread the first fifty pages.",
    "Some of the examples feel dated, but the reasoning still holds up.",
    "Would make a great book club pick because people will disagree about the ending.",
    "The author is at their best describing ordinary work done carefully.",
    "I don't buy the argument in the chapter on incentives; it ignores who pays.",
    "Lent my copy to {person}, so these notes are from memory.",
    "The chapter on replication finally made consensus protocols click for me.",
    "Lovely sentences, but the characters never quite came alive for me.",
    "Want to reread this in a year and see what I notice the second time.",
]

CITIES = [
    ("Lisbon", "Portugal"), ("Kyoto", "Japan"), ("Mexico City", "Mexico"),
    ("Edinburgh", "Scotland"), ("Vancouver", "Canada"), ("Copenhagen", "Denmark"),
    ("Oaxaca", "Mexico"), ("Seoul", "South Korea"), ("Porto", "Portugal"),
    ("Ljubljana", "Slovenia"), ("Marrakesh", "Morocco"), ("Hanoi", "Vietnam"),
    ("Reykjavik", "Iceland"), ("Vienna", "Austria"), ("Buenos Aires", "Argentina"),
    ("Cape Town", "South Africa"), ("Tbilisi", "Georgia"), ("Montreal", "Canada"),
]
TRAVEL_LINES = [
    "Flight lands at {hour}:{minute:02d}, so the first evening is just dinner and a walk.",
    "Hotel is near the old town; check-in after 3 pm, they can hold bags earlier.",
    "Day {n}: museum in the morning, then the market before it closes at noon.",
    "Book the train tickets at least two weeks ahead; prices double after that.",
    "Ask {person} for the name of that bakery she kept talking about.",
    "Pack a rain jacket; the forecast says showers most afternoons.",
    "Need an adapter plug and the travel insurance printout.",
    "Rent bikes for the coastal path if the weather holds.",
    "Budget roughly {n}0 euros a day for food, more if we do the tasting menu.",
    "The day trip to the mountains is a two-hour bus ride each way.",
    "Remember to tell the bank about the trip so the card isn't blocked.",
    "Keep one day completely unplanned; last trip was too packed.",
    "Check whether the botanical garden is closed on Mondays.",
    "Download offline maps before leaving; roaming is expensive.",
]

CODE_SNIPPETS = [
    ("swift", "Debouncing a search field",
     "Cancel the previous task on every keystroke and sleep before searching: "
     "searchTask?.cancel(); searchTask = Task { try await Task.sleep(for: .milliseconds(300)); "
     "await search(query) }. Cancellation makes the sleep throw, so stale queries never run."),
    ("git", "Undo the last commit but keep the changes",
     "git reset --soft HEAD~1 keeps everything staged. Use --mixed to unstage as well. "
     "Never do this on a branch that is already pushed and shared."),
    ("bash", "Find the largest files in a directory",
     "du -ah . | sort -rh | head -n 20 does the job. Add --max-depth=1 for a quick "
     "per-folder overview."),
    ("python", "Reading a CSV into dictionaries",
     "with open(path, newline='') as f: rows = list(csv.DictReader(f)). "
     "Remember newline='' or Windows line endings produce empty rows."),
    ("sql", "Deleting duplicate rows",
     "DELETE FROM events a USING events b WHERE a.id > b.id AND a.key = b.key; "
     "keeps the lowest id per key. Run it inside a transaction first and check the count."),
    ("swift", "Decoding ISO 8601 dates",
     "let decoder = JSONDecoder(); decoder.dateDecodingStrategy = .iso8601. "
     "Fractional seconds are not accepted by that strategy, so use a custom formatter "
     "if the server sends them."),
    ("git", "Interactive rebase to tidy commits",
     "git rebase -i HEAD~5, then mark commits as fixup or squash. Set "
     "rebase.autosquash=true and use git commit --fixup=<sha> to make this painless."),
    ("bash", "Retry a flaky command",
     "for i in 1 2 3; do cmd && break || sleep $((i * 5)); done. Crude, but fine for CI "
     "steps that hit rate limits."),
    ("python", "Timing a block of code",
     "start = time.perf_counter(); ...; print(f'{time.perf_counter() - start:.3f}s'). "
     "perf_counter is monotonic, unlike time.time."),
    ("swift", "Running work off the main actor",
     "Mark the heavy function nonisolated or move it into an actor; a plain Task inside a "
     "MainActor type still runs on the main actor."),
    ("sql", "Finding slow queries in Postgres",
     "SELECT query, mean_exec_time FROM pg_stat_statements ORDER BY mean_exec_time DESC "
     "LIMIT 10; needs the extension enabled in shared_preload_libraries."),
    ("javascript", "Aborting a fetch",
     "const controller = new AbortController(); fetch(url, { signal: controller.signal }); "
     "call controller.abort() in the effect cleanup so stale responses are ignored."),
    ("bash", "Watch a log and highlight errors",
     "tail -f app.log | grep --line-buffered -i --color=always 'error\\|warn'. "
     "The line-buffered flag matters when piping further."),
    ("swift", "Stable identity in lists",
     "Give rows a real id from the model instead of the array index; otherwise inserting "
     "at the top makes every row look changed and per-row state moves to the wrong item."),
    ("python", "Pretty-printing JSON from the shell",
     "python3 -m json.tool file.json works everywhere Python is installed; add "
     "--sort-keys to make diffs stable."),
]
CODE_FOLLOWUPS = [
    "Found this while debugging the {project} build.",
    "Second time I've had to look this up, so writing it down.",
    "{person} showed me this during pairing.",
    "Worth adding to the team wiki.",
    "Tested on the staging box; works as expected.",
    "Careful: behaves differently on macOS because of the BSD tools.",
]

WORKOUT_KINDS = [
    ("Run", "{n} km easy run, average pace {pace}/km.",
     ["Legs felt heavy for the first two kilometres.", "Negative split without trying.",
      "Windy along the river, slower on the way back.", "New shoes, no blisters so far.",
      "Kept heart rate under 150 the whole time."]),
    ("Swim", "1,{n}00 m in the pool, mostly freestyle with a few sets of backstroke.",
     ["Breathing every three strokes is getting easier.", "Lane was crowded, skipped the drills.",
      "Flip turns still sloppy.", "Shoulder felt fine today."]),
    ("Strength", "Upper body day: bench, rows, overhead press, three sets each.",
     ["Added 2.5 kg to the press.", "Skipped pull-ups, elbow was sore.",
      "Need to stretch more afterwards.", "Short session, only forty minutes."]),
    ("Bike", "{n}0 km loop through the hills, one long climb in the middle.",
     ["Chain needs oil.", "Rode with {person}, good conversation pace.",
      "Ran out of water at the top, bring two bottles.", "Headwind the whole way home."]),
    ("Yoga", "Forty-five minute flow focused on hips and hamstrings.",
     ["Balance was off today.", "Finally touched my toes without bending my knees.",
      "Very calm afterwards, slept well."]),
]

LIST_KINDS = {
    "Groceries": ["oat milk", "eggs", "spinach", "coffee beans", "lemons", "rice", "tofu",
                  "bread", "yogurt", "apples", "olive oil", "cheddar", "tortillas", "onions",
                  "dish soap", "paper towels", "frozen peas", "pasta", "tomatoes", "garlic"],
    "Weekend to-do": ["fix the squeaky door", "call the dentist", "return library books",
                      "water the plants", "clean out the fridge", "renew passport",
                      "back up the laptop", "order birthday present", "mow the lawn",
                      "sort the recycling", "reply to the landlord", "pay the electric bill"],
    "Packing list": ["charger", "passport", "sunscreen", "headphones", "rain jacket",
                     "medication", "hiking boots", "reading book", "swimsuit", "adapter",
                     "toothbrush", "sunglasses"],
    "Gift ideas": ["a good chef's knife", "concert tickets", "a plant for the office",
                   "a photo book", "noise-cancelling headphones", "a pottery class",
                   "board game", "nice notebook and pen", "a cooking class"],
}

IDEAS = [
    ("A shared grocery list that sorts itself by supermarket aisle",
     "Most lists are written in the order you remember things, not the order you walk the "
     "store. Learn the aisle order from where people check items off."),
    ("Weekly digest instead of push notifications",
     "Batch everything non-urgent into one Sunday email. Most of our notifications are "
     "not time-sensitive and people mute us because of it."),
    ("Neighbourhood tool library",
     "Half the street owns a drill that gets used twice a year. A simple spreadsheet and "
     "a shed might be enough to start."),
    ("Offline mode for the field app",
     "Technicians lose signal in basements constantly. Queue the changes locally and sync "
     "with conflict resolution on the server."),
    ("Recipe scaler that understands units",
     "Doubling a recipe should turn 8 tbsp into half a cup, not 16 tbsp. Small thing, "
     "but every app gets it wrong."),
    ("Short story about a lighthouse keeper who collects lost radio signals",
     "Each chapter could be one intercepted message. The keeper slowly realises they are "
     "all from the same ship."),
    ("Team ritual: demo something small every Friday",
     "Not a sprint review. Five minutes, anything you made or learned, no slides."),
    ("Plant watering reminder based on the actual weather",
     "Skip the reminder when it rained, double it in a heat wave."),
]
IDEA_FOLLOWUPS = [
    "Probably someone built this already; search before getting excited.",
    "Talk to {person} about it, she has thought about this space.",
    "Could be a weekend prototype.", "Not sure anyone would pay for it.",
    "The hard part is the first hundred users, not the code.",
    "Keep it simple: one screen, one job.",
]

JOURNAL_LINES = [
    "Woke up early and actually enjoyed the quiet before everyone else got up.",
    "Work was a lot today; too many meetings and not enough time to think.",
    "Had lunch with {person}, first time in months, and we talked for two hours.",
    "The weather finally turned, so I walked home instead of taking the bus.",
    "Feeling a bit stuck on the {project} project; I need to ask for help sooner.",
    "Called my parents. Dad's knee is better, mum is busy with the garden.",
    "Spent the evening reading instead of scrolling, which felt good.",
    "Slept badly again. Less coffee after lunch would probably help.",
    "Small win: finally fixed the bug that has been bothering me all week.",
    "Cooked something new and it turned out better than expected.",
    "Grateful for friends who check in without needing a reason.",
    "I want to be more deliberate about weekends instead of letting them drift.",
    "Went to the climbing gym with {person}; my forearms are done.",
    "Long day, but the team shipped and the launch went smoothly.",
    "Rainy afternoon, tea, and an old film. Exactly what I needed.",
]

HOME_TASKS = [
    ("Leaky kitchen tap", ["The washer is probably worn; the model number is under the sink.",
                           "Turn off the valve under the sink before opening anything.",
                           "Hardware store says a cartridge replacement costs about 25 euros.",
                           "Took a photo of the parts before taking it apart."]),
    ("Balcony garden", ["Tomatoes need staking this week, they are falling over.",
                        "Basil bolted again; pinch the flowers earlier.",
                        "Try marigolds next to the peppers to keep the aphids away.",
                        "Water in the morning, the afternoon sun evaporates everything.",
                        "The lavender survived the winter, surprisingly."]),
    ("Bathroom repaint", ["Need mould-resistant paint, two coats.",
                          "Remove the mirror and the towel rail first.",
                          "Open the window for at least a day afterwards.",
                          "Light grey looked better than white on the sample card."]),
    ("Bike maintenance", ["Rear brake pads are almost gone.",
                          "Tyre pressure: 4.5 bar front, 5 bar rear.",
                          "Clean and lube the chain every few weeks in winter.",
                          "Gears skip on the smallest cog, adjust the cable tension."]),
    ("Heating check", ["Bleed the radiators before the first cold week.",
                       "Boiler service is due in October.",
                       "The bedroom radiator is always colder than the others.",
                       "Ask the landlord about the thermostat upgrade."]),
]

TIL = [
    ("Octopuses have three hearts",
     "Two pump blood through the gills and one through the rest of the body."),
    ("Why the sky is blue",
     "Shorter wavelengths scatter more in the atmosphere, so blue light reaches us from "
     "every direction."),
    ("Honey basically never spoils",
     "Low water content and high acidity make it hostile to bacteria."),
    ("Copy-on-write in Swift arrays",
     "Arrays share storage until one copy is mutated; the buffer is only duplicated when "
     "its reference isn't unique."),
    ("How sourdough rises",
     "Wild yeast and lactic acid bacteria work together; the bacteria make it sour, the "
     "yeast makes the gas."),
    ("Leap seconds are being phased out",
     "Timekeeping bodies agreed to stop adding them by the mid 2030s."),
    ("Bananas are berries, strawberries are not",
     "Botanically a berry develops from a single ovary with seeds inside."),
    ("Big-O hides constants",
     "An O(n) scan over a contiguous array often beats an O(log n) tree lookup for small n "
     "because of cache behaviour."),
    ("The Dvorak layout was patented in 1936",
     "It never displaced QWERTY, mostly because of switching costs."),
]

MEDIA = [
    ("Watched", "film", ["Perfect Days", "Spirited Away", "Arrival", "Paddington 2",
                         "The Grand Budapest Hotel", "Past Lives", "Moonlight", "Amélie"]),
    ("Listened", "podcast", ["an episode on the history of the shipping container",
                             "a long interview about urban heat islands",
                             "a deep dive on how compilers optimise loops",
                             "an episode about the economics of coffee"]),
    ("Played", "games", ["Outer Wilds", "Tetris Effect", "Stardew Valley", "Return of the Obra Dinn",
                         "Celeste"]),
]
MEDIA_LINES = [
    "Beautiful to look at, a little slow in the middle.",
    "Would recommend it to {person}.",
    "The ending stayed with me for days.",
    "Not my thing, but I can see why people love it.",
    "Much funnier than I expected.",
    "The soundtrack alone is worth it.",
    "Felt a bit long; twenty minutes shorter would have been perfect.",
    "Made me want to learn more about the subject.",
    "Rating: {n}/5.",
]


def slugify(text):
    out = []
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    # Helpers ------------------------------------------------------------------------------

    def fill(self, template, people=PEOPLE):
        r = self.rng
        return template.format(
            person=r.choice(people), project=r.choice(PROJECTS), n=r.randint(2, 9),
            temp=r.choice([160, 170, 180, 190, 200, 220]), hour=r.randint(6, 22),
            minute=r.choice([0, 5, 15, 20, 35, 40, 50, 55]),
            pace=f"{r.randint(4, 6)}:{r.randint(0, 59):02d}")

    def pick(self, pool, low, high, people=PEOPLE):
        k = self.rng.randint(low, min(high, len(pool)))
        return [self.fill(s, people) for s in self.rng.sample(pool, k)]

    def people(self, k):
        return self.rng.sample(PEOPLE, k)

    # Note kinds ---------------------------------------------------------------------------

    def meeting(self, when):
        r = self.rng
        topic = r.choice(MEETING_TOPICS)
        team = r.choice(TEAMS)
        project = r.choice(PROJECTS)
        style = r.randint(0, 2)
        if style == 0:
            title = f"{team} {topic}"
        elif style == 1:
            title = f"{WEEKDAYS[when.weekday() % 5]} sync: {project} {topic}"
        else:
            title = f"1:1 with {r.choice(PEOPLE)}"
            topic = "1:1"
        attendees = self.people(r.randint(2, 6))
        lines = [f"Attendees: {', '.join(attendees)}."]
        lines += self.pick(MEETING_POINTS, 2, 7, attendees)
        actions = self.pick(ACTIONS, 1, 4, attendees)
        body = " ".join(lines) + "\n\nAction items: " + "; ".join(actions) + "."
        if r.random() < 0.3:
            body += f" Next check-in on {r.choice(WEEKDAYS)}."
        tags = ["meeting", slugify(team), slugify(project)]
        if topic == "incident review":
            tags.append("incident")
        return title, body, tags

    def recipe(self, when):
        r = self.rng
        cuisine = r.choice(sorted(CUISINES))
        dish = r.choice(CUISINES[cuisine])
        variant = r.choice(["try again", "v2", "from " + r.choice(PEOPLE), "weeknight version"])
        title = dish if r.random() < 0.6 else f"{dish} ({variant})"
        if cuisine == "baking":
            ingredients = r.sample(BAKING_INGREDIENTS, r.randint(5, 9))
            steps = self.pick(BAKING_STEPS, 2, 5)
        else:
            ingredients = r.sample(SAVORY_BASICS, r.randint(2, 4))
            ingredients += r.sample(CUISINE_INGREDIENTS[cuisine], r.randint(2, 5))
            if dish not in VEGETARIAN:
                matching = [m for m in MEATS if m.split()[-1].rstrip("s") in dish.lower()]
                ingredients.insert(0, matching[0] if matching else r.choice(MEATS))
            steps = self.pick(SAVORY_STEPS, 2, 5)
        header = (f"Serves {r.choice([2, 4, 4, 6, 8])}. Prep {r.choice([10, 15, 20, 30])} min, "
                  f"cook {r.choice([20, 30, 40, 45, 60, 90])} min. "
                  f"Ingredients: {', '.join(ingredients)}.")
        body = header + "\n\n" + " ".join(steps + self.pick(RECIPE_NOTES, 0, 2))
        tags = ["recipe", cuisine]
        if dish in VEGETARIAN:
            tags.append("vegetarian")
        if r.random() < 0.2:
            tags.append("favorite")
        return title, body, tags

    def book(self, when):
        r = self.rng
        name, author, genre = r.choice(BOOKS)
        title = r.choice([f"Notes on {name}", f"{name}: reading notes", f"Reading {name}"])
        lines = [f"{name} by {author}."]
        lines += self.pick(BOOK_THOUGHTS, 2, 6)
        if r.random() < 0.6:
            lines.append(f"Rating: {r.randint(2, 5)}/5.")
        return title, " ".join(lines), ["books", genre]

    def travel(self, when):
        r = self.rng
        city, country = r.choice(CITIES)
        days = r.randint(2, 12)
        month = r.choice(["March", "April", "May", "June", "September", "October", "November",
                          "December"])
        title = r.choice([f"Trip plan: {city}", f"{city} in {month}", f"{city} itinerary",
                          f"Weekend in {city}"])
        lines = [f"{days} days in {city}, {country}, sometime in {month}."]
        lines += self.pick(TRAVEL_LINES, 3, 8)
        return title, " ".join(lines), ["travel", slugify(city), slugify(country)]

    def code(self, when):
        r = self.rng
        lang, topic, text = r.choice(CODE_SNIPPETS)
        title = r.choice([topic, f"Snippet: {topic.lower()}", f"{lang}: {topic.lower()}"])
        lines = [text] + self.pick(CODE_FOLLOWUPS, 1, 2)
        return title, " ".join(lines), ["code", lang]

    def workout(self, when):
        r = self.rng
        kind, summary, extras = r.choice(WORKOUT_KINDS)
        title = f"{kind} {when.strftime('%b')} {when.day}"
        lines = [self.fill(summary)] + self.pick(extras, 1, 3)
        if r.random() < 0.4:
            lines.append(f"Energy {r.randint(3, 9)}/10, sleep {r.randint(5, 8)} hours.")
        return title, " ".join(lines), ["fitness", kind.lower()]

    def checklist(self, when):
        r = self.rng
        kind = r.choice(sorted(LIST_KINDS))
        items = r.sample(LIST_KINDS[kind], r.randint(4, 9))
        title = r.choice([kind, f"{kind} {when.strftime('%b')} {when.day}"])
        lines = [f"{kind}: " + ", ".join(items) + "."]
        done = r.randint(0, len(items) - 1)
        if done:
            lines.append(f"Already done: {', '.join(items[:done])}.")
        lines.append(r.choice(["Check the receipts drawer first.", "Split it with the flatmates.",
                               "Do the errands in one trip.", "Keep it under budget this time.",
                               "Ask " + r.choice(PEOPLE) + " if anything else is needed."]))
        return title, " ".join(lines), ["lists", slugify(kind)]

    def idea(self, when):
        r = self.rng
        name, pitch = r.choice(IDEAS)
        title = r.choice([f"Idea: {name[0].lower()}{name[1:]}", name])
        lines = [pitch] + self.pick(IDEA_FOLLOWUPS, 1, 3)
        return title, " ".join(lines), ["ideas"] + (["writing"] if "story" in name else [])

    def journal(self, when):
        title = f"Journal, {when.strftime('%B')} {when.day}"
        lines = self.pick(JOURNAL_LINES, 2, 7)
        return title, " ".join(lines), ["journal"]

    def home(self, when):
        r = self.rng
        name, lines_pool = r.choice(HOME_TASKS)
        title = r.choice([name, f"{name} notes", f"To fix: {name.lower()}"])
        lines = self.pick(lines_pool, 2, len(lines_pool))
        if r.random() < 0.3:
            lines.append(f"Maybe ask {r.choice(PEOPLE)} to help on Saturday.")
        tags = ["home", "garden" if "garden" in name.lower() else "maintenance"]
        return title, " ".join(lines), tags

    def til(self, when):
        r = self.rng
        name, fact = r.choice(TIL)
        lines = [fact, r.choice(["Heard it on a podcast.", "Read it in an article at lunch.",
                                 f"{r.choice(PEOPLE)} mentioned it over dinner.",
                                 "Looked it up after an argument.",
                                 "Want to double-check the source."])]
        return f"TIL: {name[0].lower()}{name[1:]}", " ".join(lines), ["til", "learning"]

    def media(self, when):
        r = self.rng
        verb, tag, items = r.choice(MEDIA)
        item = r.choice(items)
        lines = self.pick(MEDIA_LINES, 2, 4)
        return f"{verb}: {item}", " ".join(lines), ["media", tag]

    KINDS = [
        ("meeting", 20), ("recipe", 12), ("book", 9), ("travel", 8), ("code", 10),
        ("workout", 8), ("checklist", 8), ("idea", 5), ("journal", 8), ("home", 5),
        ("til", 4), ("media", 5),
    ]

    # Assembly -----------------------------------------------------------------------------

    def timestamp(self):
        span = int((END - START).total_seconds())
        created = START + dt.timedelta(seconds=self.rng.randrange(span))
        created = created.replace(second=0)
        roll = self.rng.random()
        if roll < 0.45:
            updated = created
        elif roll < 0.85:
            updated = created + dt.timedelta(minutes=self.rng.randint(1, 60 * 24))
        else:
            # Revisited weeks or months later, but never after the end of the range.
            latest = min(int((END - created).total_seconds()), 120 * 24 * 3600)
            updated = created + dt.timedelta(seconds=self.rng.randint(0, max(latest, 0)))
            updated = updated.replace(second=0)
        return created, min(updated, END)

    def note(self):
        names = [k for k, _ in self.KINDS]
        weights = [w for _, w in self.KINDS]
        kind = self.rng.choices(names, weights)[0]
        created, updated = self.timestamp()
        title, body, tags = getattr(self, kind)(created)
        tags = list(dict.fromkeys(tags))  # de-duplicate, keep order
        return {
            "id": str(uuid.UUID(int=self.rng.getrandbits(128), version=4)),
            "title": title,
            "body": body,
            "tags": tags,
            "createdAt": created.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "updatedAt": updated.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }


def render(notes):
    """One note per line so syntax errors report a useful line number."""
    lines = [json.dumps(n, ensure_ascii=False, separators=(", ", ": ")) for n in notes]
    return '{\n  "notes": [\n    ' + ",\n    ".join(lines) + "\n  ]\n}\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true",
                        help="compare with the existing output file instead of writing it")
    args = parser.parse_args()

    gen = Generator(args.seed)
    notes = [gen.note() for _ in range(args.count)]
    # Newest first, like a notes app; the id breaks ties so the order is total.
    notes.sort(key=lambda n: (n["updatedAt"], n["id"]), reverse=True)
    assert len({n["id"] for n in notes}) == len(notes), "duplicate ids"

    text = render(notes)
    if args.check:
        try:
            with open(args.output, encoding="utf-8", newline="") as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            print(f"{os.path.normpath(args.output)} is out of date; rerun without --check")
            return 1
        print(f"{os.path.normpath(args.output)} is up to date ({len(notes)} notes)")
        return 0
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    size = len(text.encode("utf-8"))
    print(f"wrote {len(notes)} notes, {size:,} bytes to {os.path.normpath(args.output)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
