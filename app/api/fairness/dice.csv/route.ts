// GET /api/fairness/dice.csv[?from=YYYY-MM&to=YYYY-MM] — every roll of every finished public match, streamed
// (server/fairness/dice-dataset.ts).
import { getDb } from "@/server/db/client";
import { datasetLimiter, datasetResponse } from "@/server/fairness/dice-dataset";

export function GET(request: Request): Promise<Response> {
  return datasetResponse(getDb(), request, "csv", datasetLimiter());
}
