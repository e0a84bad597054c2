// The source of chessrank_test_pch, the target that builds the tests' shared precompiled header
// (tests/CMakeLists.txt): the header is what it is for, this file is empty.
