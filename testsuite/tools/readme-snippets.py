#!/usr/bin/env python3
"""Writes the code blocks of README.md's Install, "Use from CMake" and
"Use from Make" sections into a directory, as a user pasting them would
(testsuite/cmake/readme.test builds and runs them):

  model.c, main.c     the example's sources
  CMakeLists.txt      "Use from CMake"
  cmake.sh            its commands
  hand.sh             "Use from Make", by hand
  Makefile            "Use from Make"
  expected.txt        what README says the program prints

usage: readme-snippets.py README.md DIR
"""
import re
import sys

NAMES = [("c", "model.c"), ("c", "main.c"), ("cmake", "CMakeLists.txt"),
         ("sh", "cmake.sh"), ("sh", "hand.sh"), ("make", "Makefile")]


def main():
    readme, out = sys.argv[1], sys.argv[2]
    text = open(readme).read()
    text = text[text.index("## Install"):text.index("## Annotations")]
    blocks = re.findall(r"^```(\w+)\n(.*?)^```$", text, re.S | re.M)
    langs = [lang for lang, _ in blocks]
    if langs != [lang for lang, _ in NAMES]:
        sys.exit("readme-snippets.py: expected blocks %s, found %s" %
                 ([lang for lang, _ in NAMES], langs))
    for (_, name), (_, body) in zip(NAMES, blocks):
        with open("%s/%s" % (out, name), "w") as f:
            f.write(body)
    said = re.search(r"It prints `([^`]*)`", text)
    if not said:
        sys.exit("readme-snippets.py: no 'It prints `...`' in README.md")
    with open("%s/expected.txt" % out, "w") as f:
        f.write(said.group(1) + "\n")


if __name__ == "__main__":
    main()
