import { NextRequest, NextResponse } from "next/server";
import crypto from "crypto";
import {
    getPlaintextClient,
    withRetry,
    extractRecords,
    isNillionConfigured,
    ensureCompanyCollections,
    nameToUUID,
} from "@/lib/server/nillion-server";

export const runtime = "nodejs";

function addressToCompanyId(address: string): string {
    return crypto
        .createHash("sha256")
        .update(address.toLowerCase())
        .digest("hex")
        .slice(0, 20);
}

const PROFILE_COLLECTION_NAME = "civitas_employer_profiles";

const PROFILE_SCHEMA = {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "Employer Profiles",
    type: "array" as const,
    items: {
        type: "object" as const,
        properties: {
// [203 unchanged lines not reconstructed: see SOURCE]
export async function GET(req: NextRequest) {
export async function POST(req: NextRequest) {
