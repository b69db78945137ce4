{
  "targets": [
    {
      "target_name": "udp_batch",
      "sources": ["native/udp_batch.c", "native/cached_answers.c"],
      "cflags": ["-O2", "-Wall"],
      "conditions": [["OS!='linux'", {"type": "none", "sources!": ["native/udp_batch.c", "native/cached_answers.c"]}]]
    }
  ]
}
