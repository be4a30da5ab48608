// The first books of `talec init` (original writing, kept short: a writer
// replaces them). Each checks clean, builds and plays as it is: the card leads
// to chart 1, whose beings are the row of matrix H, whose cell 11 leads to
// paragraph 10, 11 or 12 (rule 11.7).
#include "tools/talec/init_books.hpp"

namespace talec {
namespace {

constexpr std::string_view en =
    R"(% A first book of tales. Every file of this folder that ends in .tales is part
% of the book (book.json says so); the language is described in docs/format.md
% and `talec vocab` lists its words. The card sends a traveller to chart 1; the
% beings of the chart are the row Old of reaction matrix H; its cell 11 leads
% to paragraph 10, 11 or 12, as a die falls.

@card character Traveller (H): 1, 1, 1

@1 chart
On the road between two wells.
1. Old Pilgrim (H)
2. Old Weaver (H)
3. Old Shepherd (H)
4. Old Potter (H)
5. Old Boatman (H)
6. Old Judge (H)

@matrix H
Options: Converse | Avoid
Old: 11 | NE

@10
The stranger speaks of a well that ran dry in the time of their grandfather.
No Skill: You listen politely, then go your way. [S1]
Wisdom: You ask where the water went, and the answer is worth a long walk. [S1/D1]

@11
The stranger offers you dates from a cloth and waits to hear your story.
No Skill: You eat, and say little. [S1]
Storytelling: You tell of the sea, and the stranger laughs until the dates are gone. [S2]

@12
The stranger knows your face, though the two of you have never met.
No Skill: You leave before the stranger remembers where from. [D-1]
Luck: It was someone else; the stranger blesses you all the same. [D1/Blessed]
)";

constexpr std::string_view zh =
    R"(% 第一本故事书。本文件夹中以 .tales 结尾的每个文件都属于这本书（见 book.json）；
% 语言见 docs/format.md，`talec vocab --lang zh` 列出它的词语。卡牌把旅人送到
% 遭遇表 1；表中的人物都属于反应矩阵 H 的“年老的”一行；它的格子 11 依掷骰
% 结果通往段落 10、11 或 12。

@card character 旅人（H）：1，1，1

@1 chart
在两口井之间的路上。
1. 年老的朝圣者（H）
2. 年老的织工（H）
3. 年老的牧人（H）
4. 年老的陶匠（H）
5. 年老的船夫（H）
6. 年老的法官（H）

@matrix H
Options: 交谈 | 回避
年老的：11 | NE

@10
陌生人说起一口井，在他祖父那一代就干涸了。
无技能：你礼貌地听完，然后继续赶路。[S1]
智慧：你问起井水去了哪里，这个答案值得走上很远的路。[S1/D1]

@11
陌生人从布包里取出椰枣请你吃，等着听你的故事。
无技能：你吃着椰枣，很少说话。[S1]
讲故事：你讲起大海，陌生人笑个不停，直到椰枣吃完。[S2]

@12
陌生人认得你的脸，虽然你们从未见过。
无技能：趁他还没想起在哪里见过你，你就离开了。[D-1]
幸运：原来他认错了人，但他还是为你祝福。[D1/受祝福]
)";

constexpr std::string_view ar =
    R"(% أول كتاب للحكايات. كل ملف في هذا المجلد ينتهي بـ .tales جزء من الكتاب
% (كما يقول book.json)؛ اللغة موصوفة في docs/format.md و`talec vocab --lang ar`
% يسرد كلماتها. البطاقة ترسل المسافر إلى الجدول 1؛ كائنات الجدول من صف «شيخ»
% في مصفوفة ردود الفعل H؛ وخانتها 11 تقود إلى الفقرة 10 أو 11 أو 12 بحسب النرد.

@card character مسافر (H): 1, 1, 1

@1 chart
على الطريق بين بئرين.
1. شيخ من الحجاج (H)
2. شيخ من النساجين (H)
3. شيخ من الرعاة (H)
4. شيخ من الفخارين (H)
5. شيخ من الملاحين (H)
6. شيخ من القضاة (H)

@matrix H
Options: حادث | تجنب
شيخ: 11 | NE

@10
يحدثك الغريب عن بئر جفت في زمن جده.
بلا مهارة: تصغي إليه بأدب، ثم تمضي في طريقك. [S1]
الحكمة: تسأله أين ذهب الماء، فيستحق جوابه مسيرة طويلة. [S1/D1]

@11
يقدم لك الغريب تمرا من صرة، وينتظر أن يسمع حكايتك.
بلا مهارة: تأكل ولا تقول إلا قليلا. [S1]
رواية القصص: تحكي له عن البحر، فيضحك حتى يفنى التمر. [S2]

@12
يعرف الغريب وجهك، مع أنكما لم تلتقيا قط.
بلا مهارة: ترحل قبل أن يتذكر من أين يعرفك. [D-1]
الحظ: كان يظنك رجلا آخر، لكنه يباركك مع ذلك. [D1/مبارك]
)";

constexpr FirstBook books[] = {
    {"en", "My Book of Tales", en},
    {"zh", "我的故事书", zh},
    {"ar", "كتاب حكاياتي", ar},
};

} // namespace

const FirstBook* first_book(std::string_view language) {
  for (const FirstBook& b : books)
    if (b.language == language) return &b;
  return nullptr;
}

std::string_view first_book_languages() {
  return "en, zh, ar";
}

} // namespace talec
