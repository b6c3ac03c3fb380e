extension LineLayoutGoldenTests {
    /// The rows, as recorded (see ``printTheRows()``) from the two fitters the rules had before.
    static let golden: [Row] = [
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: false, width: 1.0, scale: 1.0,
            lines: 116184, layoutDigest: 0x443532b39f532262, unitsDigest: 0xb4096e35e002c86),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: false, width: 7.0, scale: 1.0,
            lines: 23859, layoutDigest: 0x59eb055e699550b3, unitsDigest: 0x274f225ef6980e12),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: false, width: 37.0, scale: 1.0,
            lines: 4394, layoutDigest: 0x52f0035c2da9ee44, unitsDigest: 0x1a89c351261691b6),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: false, width: 70.0, scale: 1.0,
            lines: 2502, layoutDigest: 0x78d2bd07a059186e, unitsDigest: 0xc78335b222021996),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: false, width: 37.0, scale: 1.5,
            lines: 6705, layoutDigest: 0x8fdae3254c4ca255, unitsDigest: 0x0),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: true, width: 7.0, scale: 1.0,
            lines: 20023, layoutDigest: 0xdd7daf4cd2f2d127, unitsDigest: 0x0),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: true, width: 23.3, scale: 1.0,
            lines: 5752, layoutDigest: 0xb6ac7d20293b2466, unitsDigest: 0x0),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: true, width: 70.0, scale: 1.0,
            lines: 2164, layoutDigest: 0xe08da0f30e547c69, unitsDigest: 0x0),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: true, width: 37.0, scale: 1.5,
            lines: 5434, layoutDigest: 0x585ee0901c3b48, unitsDigest: 0x0),
        Row(
            book: "alice-in-wonderland.txt", locale: "en", proportional: true, width: 41.7, scale: 0.85,
            lines: 2867, layoutDigest: 0xf901f6cfe351415a, unitsDigest: 0x0),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: false, width: 1.0, scale: 1.0,
            lines: 160769, layoutDigest: 0x1260817bc27ceb05, unitsDigest: 0x6ca406b8254b3054),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: false, width: 7.0, scale: 1.0,
            lines: 54901, layoutDigest: 0xabd9832ec7d1402, unitsDigest: 0xb243174cecb8e034),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: false, width: 37.0, scale: 1.0,
            lines: 9649, layoutDigest: 0x60d9a25dea2214f1, unitsDigest: 0x24b6913332affb00),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: false, width: 70.0, scale: 1.0,
            lines: 5312, layoutDigest: 0x75c603018ea64b29, unitsDigest: 0xc01ada0e91bca49c),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: false, width: 37.0, scale: 1.5,
            lines: 14116, layoutDigest: 0x4c48964c5b6be100, unitsDigest: 0x0),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: true, width: 7.0, scale: 1.0,
            lines: 42166, layoutDigest: 0x4e910960a801378d, unitsDigest: 0x0),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: true, width: 23.3, scale: 1.0,
            lines: 11954, layoutDigest: 0xce04d726267ab23, unitsDigest: 0x0),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: true, width: 70.0, scale: 1.0,
            lines: 4397, layoutDigest: 0x23a1994409d3815d, unitsDigest: 0x0),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: true, width: 37.0, scale: 1.5,
            lines: 11331, layoutDigest: 0xcfb6e6a51585c3e7, unitsDigest: 0x0),
        Row(
            book: "kokoro.txt", locale: "ja", proportional: true, width: 41.7, scale: 0.85,
            lines: 5951, layoutDigest: 0xd2ef0f342d0a44e6, unitsDigest: 0x0),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: false, width: 1.0, scale: 1.0,
            lines: 23004, layoutDigest: 0xd15678142d29883d, unitsDigest: 0x83732f1d870e5179),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: false, width: 7.0, scale: 1.0,
            lines: 8330, layoutDigest: 0x596b5c6efebf6f03, unitsDigest: 0xd62cf254107ee7b5),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: false, width: 37.0, scale: 1.0,
            lines: 1521, layoutDigest: 0x4b5b321749fe3a2a, unitsDigest: 0x5f034f5143a399f5),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: false, width: 70.0, scale: 1.0,
            lines: 886, layoutDigest: 0x1a22529c11a0b2b6, unitsDigest: 0xb08f73b0daffa799),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: false, width: 37.0, scale: 1.5,
            lines: 2162, layoutDigest: 0xcfda1eab18542196, unitsDigest: 0x0),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: true, width: 7.0, scale: 1.0,
            lines: 6394, layoutDigest: 0x2cb471e6841cd747, unitsDigest: 0x0),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: true, width: 23.3, scale: 1.0,
            lines: 1854, layoutDigest: 0xaf15b394f270279e, unitsDigest: 0x0),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: true, width: 70.0, scale: 1.0,
            lines: 765, layoutDigest: 0x4cc73039855b1ae0, unitsDigest: 0x0),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: true, width: 37.0, scale: 1.5,
            lines: 1766, layoutDigest: 0x4c976a6724f3e563, unitsDigest: 0x0),
        Row(
            book: "lunyu-analects.txt", locale: "zh", proportional: true, width: 41.7, scale: 0.85,
            lines: 978, layoutDigest: 0x28095e9b6edd80d8, unitsDigest: 0x0),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: false, width: 1.0, scale: 1.0,
            lines: 6224, layoutDigest: 0x1fae2bfbed853f2c, unitsDigest: 0xd8383bb928fe711b),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: false, width: 7.0, scale: 1.0,
            lines: 2111, layoutDigest: 0x2da519761a5a0b1f, unitsDigest: 0x8df3c793f896832b),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: false, width: 37.0, scale: 1.0,
            lines: 370, layoutDigest: 0x1bd1be20b2336e9, unitsDigest: 0x873518cbd41bafab),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: false, width: 70.0, scale: 1.0,
            lines: 207, layoutDigest: 0x7f9f8f9a016300dc, unitsDigest: 0x4c24b3d91c9bf823),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: false, width: 37.0, scale: 1.5,
            lines: 538, layoutDigest: 0x9784465d90f5c318, unitsDigest: 0x0),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: true, width: 7.0, scale: 1.0,
            lines: 1581, layoutDigest: 0x5a94b3619852f0b0, unitsDigest: 0x0),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: true, width: 23.3, scale: 1.0,
            lines: 450, layoutDigest: 0x3c6a900fb9b23fc3, unitsDigest: 0x0),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: true, width: 70.0, scale: 1.0,
            lines: 170, layoutDigest: 0x41f09cbc28e0f2a2, unitsDigest: 0x0),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: true, width: 37.0, scale: 1.5,
            lines: 431, layoutDigest: 0x148a4c000041da0, unitsDigest: 0x0),
        Row(
            book: "rashomon.txt", locale: "ja", proportional: true, width: 41.7, scale: 0.85,
            lines: 229, layoutDigest: 0xc7f7fc25ffe4502e, unitsDigest: 0x0),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: false, width: 1.0, scale: 1.0,
            lines: 6279, layoutDigest: 0xf3848fbd8b273737, unitsDigest: 0xf4e85604a844c09e),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: false, width: 7.0, scale: 1.0,
            lines: 1270, layoutDigest: 0xbd9c218159116d6d, unitsDigest: 0x7e00f961b0b6e6a6),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: false, width: 37.0, scale: 1.0,
            lines: 264, layoutDigest: 0x3092439fdb098ae7, unitsDigest: 0xf4853f1d1c4ba63a),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: false, width: 70.0, scale: 1.0,
            lines: 166, layoutDigest: 0x72727c4f4e1fe7ee, unitsDigest: 0x6fdbf248ca8e6702),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: false, width: 37.0, scale: 1.5,
            lines: 381, layoutDigest: 0xf7f09b52cbfea0b8, unitsDigest: 0x0),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: true, width: 7.0, scale: 1.0,
            lines: 1140, layoutDigest: 0x9b97540687c6dee2, unitsDigest: 0x0),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: true, width: 23.3, scale: 1.0,
            lines: 352, layoutDigest: 0xe14042421108ddf1, unitsDigest: 0x0),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: true, width: 70.0, scale: 1.0,
            lines: 154, layoutDigest: 0x104115f65da3e1d9, unitsDigest: 0x0),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: true, width: 37.0, scale: 1.5,
            lines: 331, layoutDigest: 0x69f5249e230e4a61, unitsDigest: 0x0),
        Row(
            book: "udhr-arabic.txt", locale: "ar", proportional: true, width: 41.7, scale: 0.85,
            lines: 192, layoutDigest: 0xd407f2954e22b1e0, unitsDigest: 0x0),
    ]
}
