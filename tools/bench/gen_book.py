#!/usr/bin/env python3
"""Write a synthetic book of N paragraphs for benchmarks.

gen_book.py N OUTDIR [--lang en|zh] [--seed S] [--locales DIR]

The book has award paragraphs (prose, 2-3 sections with award groups, paragraph
references), reaction matrices (up to 26, one per 1,000 paragraphs), encounter
charts (one in 50 paragraphs) and character, terrain and city cards (one of each
per 500 paragraphs). Each paragraph's prose refers to the next one, so that the
whole book is reached from paragraph 1, the manifest's entry point. `talec check OUTDIR` accepts it (exit 0). The same N and seed
always give the same book; about 660 bytes per paragraph in English.
"""
import argparse
import os
import random
import re

WORDS_EN = ("the a of and to in his her you with sea wind road city merchant night old sultan "
            "palace gold river desert caravan stranger gate lamp garden silver voice dawn "
            "tale ship storm well market djinn ring prince servant heart shadow").split()
ADJ_EN = ["Terrible", "Gentle", "Shimmering", "Burning", "Old", "Cunning", "Generous", "Fierce"]
BEING_EN = ["Storm", "Merchant", "Hermit", "Breeze", "Thief", "Vizier", "Ghoul", "Sailor"]
WORDS_ZH = list("你他她的了在海风路城商人夜老苏丹宫金河沙漠驼队陌生门灯园银声黎明故事船暴井集市灵戒王子仆心影")
ADJ_ZH = ["可怕的", "温和的", "闪光的", "灼热的", "年老的", "狡猾的", "慷慨的", "凶猛的"]
BEING_ZH = ["风暴", "商人", "隐士", "微风", "窃贼", "大臣", "食尸鬼", "水手"]

LANG = {
    "en": dict(words=WORDS_EN, adj=ADJ_EN, being=BEING_EN, sep=" ", colon=": ", stop=". ",
               open="(", close=")", comma=", ", no_skill="No Skill", orw=" or ",
               skills=["Piety", "Luck", "Scholarship", "Wisdom", "Seamanship", "Quick Thinking",
                       "Courtly Graces", "Weapon Use", "Wilderness Lore", "Storytelling"],
               statuses=["Blessed", "Wounded", "Lost", "Pursued", "Respected"],
               options=["Grovel", "Converse", "Trick", "Bargain", "Attack", "Flee"],
               terrains=["Sea", "Desert", "Island", "Forest", "City", "Mountain", "Coast"],
               city="Basra", char="Fisherman", terrain="Whirlpool", encounter="Encounter ",
               goto="Go to", max="Max", wealth="Poor", word_end="."),
    "zh": dict(words=WORDS_ZH, adj=ADJ_ZH, being=BEING_ZH, sep="", colon="：", stop="。",
               open="（", close="）", comma="，", no_skill="无技能", orw="或",
               skills=["虔诚", "幸运", "博学", "智慧", "水手", "聪明果敢", "宫廷礼仪", "武艺",
                       "自然知识", "讲故事"],
               statuses=["受祝福", "受伤", "迷路", "被追踪", "荣誉加身"],
               options=["卑躬屈膝", "交谈", "诓骗", "讲价", "攻击", "逃跑"],
               terrains=["海洋", "沙漠", "岛屿", "森林", "城市", "山脉", "海岸"],
               city="巴士拉", char="渔夫", terrain="大漩涡", encounter="遭遇",
               goto="前往", max="最高", wealth="贫穷", word_end="。"),
}

CHART_EVERY = 50  # paragraph k*50 is an encounter chart
CARD_EVERY = 500


def is_chart(n):
    return n % CHART_EVERY == 0


def sentence(rng, L, words):
    s = L["sep"].join(rng.choice(L["words"]) for _ in range(words))
    return (s[0].upper() + s[1:]) + L["word_end"]


def prose(rng, L, lines, width):
    return [L["sep"].join(sentence(rng, L, rng.randint(6, 12)) for _ in range(width))
            for _ in range(lines)]


def award_target(rng, n, total):
    while True:
        t = rng.randint(1, total)
        if t != n and not is_chart(t):
            return t


def award_paragraph(rng, L, n, total, zh):
    out = ["@%d" % n]
    text = prose(rng, L, 2, 2 if zh else 3)
    # The prose leads on to the next paragraph (a chart too), so that the whole
    # book is reached from paragraph 1 (the manifest's entry point).
    target = award_target(rng, n, total)
    ref = L["open"] + str(n + 1 if n < total else target) + L["close"]
    text[-1] += L["sep"] + ref + L["word_end"]
    out += text
    heads = [L["no_skill"]] + rng.sample(L["skills"], 2)
    for i, head in enumerate(heads[: rng.randint(2, 3)]):
        if i == 2:
            head += L["orw"] + rng.choice([s for s in L["skills"] if s not in heads])
        items = rng.choice([["S1"], ["D1", "S1"], ["D-1", rng.choice(L["statuses"])],
                            ["W+1 %s%s: %s%s" % (L["open"], L["max"], L["wealth"], L["close"])],
                            [L["goto"] + " " + str(award_target(rng, n, total))]])
        body = L["sep"].join(sentence(rng, L, rng.randint(8, 14)) for _ in range(2))
        out.append(head + L["colon"] + body + L["sep"] + "[" + "/".join(items) + "]")
    return out


def matrix_cell(rng, total):
    while True:
        c = rng.randint(2, total - 1)
        if not (is_chart(c - 1) or is_chart(c) or is_chart(c + 1)):
            return c


def ink_text(line):
    """A line of the book as ink text: no markup characters of ink."""
    line = line.replace("[", "(").replace("]", ")").replace("/", "+")
    return re.sub(r"[{}#|~<>*=-]", " ", line).strip()


def write_ink(f, number, lines):
    """One knot per paragraph: prose, then a choice per section that diverts to a
    paragraph named in it (or in the prose); the same links as the .tales book."""
    f.write("=== p%d ===\n" % number)
    refs = [int(r) for r in re.findall(r"[(（](\d+)[)）]", "\n".join(lines))]
    for line in lines[1:]:
        if "[" not in line:
            f.write(ink_text(line) + "\n")
            continue
        goto = re.findall(r"(?:Go to|前往) ?(\d+)", line)
        target = "p" + goto[0] if goto else ("p%d" % refs[0] if refs else "DONE")
        f.write("* [%s] -> %s\n" % (ink_text(line), target))
    if not any("[" in line for line in lines[1:]):
        f.write("-> DONE\n")
    f.write("\n")


def write_book(n, outdir, lang, seed, locales, ink=None):
    rng = random.Random(seed)
    L = LANG[lang]
    zh = lang == "zh"
    os.makedirs(outdir, exist_ok=True)
    letters = [chr(ord("A") + i) for i in range(min(26, max(1, n // 1000)))]
    rows = {m: rng.sample(range(len(L["adj"])), 4) for m in letters}
    vocab = os.path.relpath(os.path.join(locales, lang, "vocabulary.json"), outdir)
    with open(os.path.join(outdir, "book.json"), "w", encoding="utf-8") as f:
        f.write('{\n  "title": "Benchmark book of %d paragraphs",\n  "language": "%s",\n'
                '  "vocabulary": "%s",\n  "sources": ["*.tales"],\n  "entry_points": [1]\n}\n'
                % (n, lang, vocab))
    with open(os.path.join(outdir, "matrices.tales"), "w", encoding="utf-8") as f:
        for m in letters:
            f.write("@matrix %s\nOptions: %s\n" % (m, " | ".join(L["options"])))
            for r in rows[m]:
                cells = [rng.choice(["★", "NE", str(matrix_cell(rng, n))]) for _ in L["options"]]
                if all(c == "★" for c in cells):  # a being with no option at all (TB0314)
                    cells[0] = "NE"
                f.write("%s%s%s\n" % (L["adj"][r], L["colon"].strip(), " | ".join(cells)))
            f.write("\n")
    charts = [c for c in range(CHART_EVERY, n + 1, CHART_EVERY)]
    per_file = 1000
    ink_file = open(ink, "w", encoding="utf-8") if ink else None
    if ink_file:
        ink_file.write("-> p1\n\n")
    for start in range(1, n + 1, per_file):
        name = os.path.join(outdir, "p%07d.tales" % start)
        with open(name, "w", encoding="utf-8") as f:
            for k in range(start, min(n, start + per_file - 1) + 1):
                if is_chart(k):
                    lines = ["@%d chart" % k] + prose(rng, L, 1, 1)
                    if k < n:
                        lines[-1] += L["sep"] + L["open"] + str(k + 1) + L["close"] + L["word_end"]
                    for e in range(1, 7):
                        m = rng.choice(letters)
                        adj = L["adj"][rng.choice(rows[m])]
                        being = adj + L["sep"] + rng.choice(L["being"])
                        lines.append("%d. %s %s%s%s" % (e, being, L["open"], m, L["close"]))
                else:
                    lines = award_paragraph(rng, L, k, n, zh)
                f.write("\n".join(lines) + "\n\n")
                if ink_file:
                    write_ink(ink_file, k, lines)
    if ink_file:
        ink_file.close()
    with open(os.path.join(outdir, "cards.tales"), "w", encoding="utf-8") as f:
        for i in range(max(1, n // CARD_EVERY)):
            if not charts:
                break
            pick = lambda: rng.choice(charts)
            m = rng.choice(letters)
            f.write("@card character %s%d %s%s%s%s%d, %d, %d\n" % (
                L["char"], i, L["open"], m, L["close"], L["colon"], pick(), pick(), pick()))
            terr = ", ".join("%s %d%s" % (t, pick(), "*" if j == 0 else "")
                             for j, t in enumerate(L["terrains"]))
            f.write("@card terrain %s%d%s%s\n" % (L["terrain"], i, L["colon"], terr))
            adj = L["adj"][rng.choice(rows[m])]
            c = L["colon"]
            f.write("@card city %s%d\n" % (L["city"], i))
            f.write("1%s[W-1]\n2%s[D2]\n3%s[S1]\n" % (c, c, c))
            f.write("4%s[%s]\n5%s[%s]\n" % (c, rng.choice(L["statuses"]), c,
                                             rng.choice(L["skills"])))
            f.write("6%s%s%s%s%s%s\n\n" % (
                c, L["encounter"], L["being"][1] + L["sep"], L["open"] + str(pick()) + L["close"],
                L["comma"] + adj + L["sep"] + L["being"][0] + L["sep"],
                L["open"] + m + L["close"]))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paragraphs", type=int)
    ap.add_argument("outdir")
    ap.add_argument("--lang", choices=sorted(LANG), default="en")
    ap.add_argument("--seed", type=int, default=1001)
    ap.add_argument("--locales", default=os.path.join(here, "..", "..", "locales"))
    ap.add_argument("--ink", metavar="FILE", help="also write the same book in ink")
    a = ap.parse_args()
    if a.paragraphs < CHART_EVERY:
        ap.error("at least %d paragraphs" % CHART_EVERY)
    write_book(a.paragraphs, a.outdir, a.lang, a.seed, os.path.abspath(a.locales), a.ink)


if __name__ == "__main__":
    main()
