/** The bots' seeded generator: lib's mulberry32, so a bot's choices are repeatable from a seed. */
export { mulberry32 } from "@/lib/random/seeded";
