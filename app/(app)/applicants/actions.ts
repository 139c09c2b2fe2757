"use server";

import { runParsed } from "@/lib/http/action";
import { approveApplicant, approveApplicantInput } from "@/lib/services/applicants";

/** "Approve" on a row of /applicants. */
export async function approveApplicantAction(applicantId: number) {
  return runParsed(approveApplicantInput, { applicant_id: applicantId }, approveApplicant);
}
