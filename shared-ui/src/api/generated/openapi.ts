// Generated from docs/openapi.json by shared-ui/build/api-types.mjs: do not edit. Regenerate with
// `npm run openapi -w @ppl/bff && npm run api-types -w @ppl/shared-ui`.

export type paths = {
    "/backend/api/auth_login.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: { success, token, user }, and the same token as an httpOnly cookie */
        post: operations["AuthLoginController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/auth_logout.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: revokes the token on the server and clears the cookie; with ?everywhere=1 every token of the user (all devices) */
        post: operations["AuthLogoutController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/auth_check.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { authenticated, user? } for the credential sent (200 either way) */
        get: operations["AuthCheckController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/auth_password.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change your own password (any signed-in user; current password required). Every token of the user is revoked; the answer is a fresh { success, token, user } and cookie. After 5 wrong current passwords each further attempt must wait (429 with Retry-After). */
        post: operations["AuthPasswordController_change"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/auth_setup.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The first admin chooses a password with the one-time link printed at first start; answers like a login ({ success, token, user } and the cookie). At most 10 attempts per client per 15 minutes (429 with Retry-After). */
        post: operations["AuthSetupController_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/settings.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Site settings: the public subset for visitors, all of them for a signed-in admin */
        get: operations["SettingsController_get"];
        /** Save site settings (admin) */
        put: operations["SettingsController_save"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/subjects.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subjects with paper counts (?level=), or one with its papers (?id=) */
        get: operations["SubjectsController_read"];
        /** Update a subject (?id= or an id field) */
        put: operations["SubjectsController_update"];
        /** Create a subject, or update one with `_method=PUT` and `id` */
        post: operations["SubjectsController_write"];
        /** Delete a subject (?id=); 409 while it has past papers */
        delete: operations["SubjectsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/past_papers.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Papers (?category=, ?subject_id=), one (?id=), by subject code (?code=), or a file download
         * @description Downloads: ?download_variant_id={id}&variant_document_type=document|mark_scheme|examiner_report, or ?download_id={paperId}&document_type=... (the first variant with that document); &inline=1 to view.
         */
        get: operations["PastPapersController_read"];
        /** Update a past paper (multipart; ?id= or an id field) */
        put: operations["PastPapersController_update"];
        /** Create a past paper (multipart), or update one with `_method=PUT` and `id` */
        post: operations["PastPapersController_write"];
        /** Delete a past paper (?id=) with its variants, examiner reports and files */
        delete: operations["PastPapersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/mark_schemes.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mark schemes or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view) */
        get: operations["MarkSchemesController_read"];
        /** Update a mark scheme (multipart; ?id= or an id field) */
        put: operations["MarkSchemesController_update"];
        /** Create a mark scheme (multipart, markSchemeFile), or update one with `_method=PUT` and `id` */
        post: operations["MarkSchemesController_write"];
        /** Delete a mark scheme (?id=) and its file */
        delete: operations["MarkSchemesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/examiner_reports.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Examiner reports or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view) */
        get: operations["ExaminerReportsController_read"];
        /** Update an examiner report (multipart; ?id= or an id field) */
        put: operations["ExaminerReportsController_update"];
        /** Create an examiner report (multipart, file), or update one with `_method=PUT` and `id` */
        post: operations["ExaminerReportsController_write"];
        /** Delete an examiner report (?id=) and its file */
        delete: operations["ExaminerReportsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/papers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A past paper's first variant document (?document_type= picks another document) */
        get: operations["DownloadsController_paper"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/mark-schemes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mark scheme file */
        get: operations["DownloadsController_markScheme"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/examiner-reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An examiner report file */
        get: operations["DownloadsController_examinerReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored file by its path relative to the upload folder, e.g. papers/<uuid>.pdf */
        get: operations["FilesController_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/document_views.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count one view of a document opened in the site viewer ({ variant_id, document_type } | { mark_scheme_id } | { examiner_report_id }). Once per client and document per 30 minutes, at most 120 per client per 10 minutes; otherwise counted: false. */
        post: operations["DocumentViewsController_record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/sessions/{subjectCode}/{year}/{session}.zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every document of a subject's session as one zip, streamed as it is built (files named 9702_s23_qp_12.pdf where the Cambridge convention applies). Each file inside counts one download. At most SESSION_ZIP_LIMIT per client per 10 minutes (429). */
        get: operations["SessionZipController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document: its file (a download counted), ?inline=1 to read (a view counted), ?stream=1 for the viewer, ?preview=1 its page-1 picture */
        get: operations["DocumentsController_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/papers/{paperId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A paper's documents: its variants' files, and the mark schemes and examiner reports of it */
        get: operations["DocumentsController_ofPaper"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/faqs.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { faqs, categories } (?category=, ?published_only=true), or one FAQ (?path={id}). Drafts for admins only. */
        get: operations["FaqsController_read[0]"];
        /** Update a FAQ (?path={id}); partial, e.g. { is_published } or { sort_order } */
        put: operations["FaqsController_update[0]"];
        /** Create a FAQ (the answer is sanitised HTML) */
        post: operations["FaqsController_create[0]"];
        /** Delete a FAQ (?path={id}) */
        delete: operations["FaqsController_remove[0]"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/faqs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { faqs, categories } (?category=, ?published_only=true), or one FAQ (?path={id}). Drafts for admins only. */
        get: operations["FaqsController_read[1]"];
        /** Update a FAQ (?path={id}); partial, e.g. { is_published } or { sort_order } */
        put: operations["FaqsController_update[1]"];
        /** Create a FAQ (the answer is sanitised HTML) */
        post: operations["FaqsController_create[1]"];
        /** Delete a FAQ (?path={id}) */
        delete: operations["FaqsController_remove[1]"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/inquiries.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { inquiries, total } (?page=1&limit=10&status=), or one inquiry (?path={id}) */
        get: operations["InquiriesController_read"];
        /** Set an inquiry's status (?path={id}, { status }) */
        put: operations["InquiriesController_setStatus"];
        /** Send an inquiry (public contact form). At most PUBLIC_WRITE_LIMIT per client per 10 minutes (429 with Retry-After); a filled honeypot field is answered like a success and not stored. */
        post: operations["InquiriesController_create"];
        /** Delete an inquiry (?path={id}) */
        delete: operations["InquiriesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/users.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users, or one with ?id= */
        get: operations["UsersController_read"];
        /** Update a user (?id=): name, email, role, status. A body of only password + confirmPassword (the console's Reset password action) sets another user's password instead and signs them out everywhere. */
        put: operations["UsersController_update"];
        /** Create a user */
        post: operations["UsersController_create"];
        /** Delete a user (?id=) */
        delete: operations["UsersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/dashboard_stats.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** totalPapers, totalUsers, totalDownloads; admins also get totalReports, recentActivity, topResources */
        get: operations["DashboardController_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/papers/{paperId}/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A variant's questions: number, marks, and where each starts in its question paper, mark scheme and examiner report. The public sees ready papers only (otherwise status none, no questions); admins see every status and why. 404 when the paper or the variant is unknown, or the variant is not of that paper. */
        get: operations["QuestionsController_ofVariant"];
        /** Admins: save the variant's questions as they should be shown (source becomes edited; they stand when the file is read again or replaced, until dropped). The same checks as detection decide ready or flagged, unless confirmed is true. A stale updated_at answers 409. */
        put: operations["QuestionsController_edit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/papers/{paperId}/questions/edits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Admins: drop the edits of the variant's questions, so that detection of the file as last read applies again (e.g. after replacing the question paper with another file). Nothing to drop is not an error. */
        delete: operations["QuestionsController_dropEdits"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/papers/{paperId}/grade-thresholds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The thresholds of a variant's component in its paper's series (subject, year and session): the component is the variant's name or version. data is null when none were entered; 404 for an unknown paper or variant, or a variant of another paper. */
        get: operations["GradeThresholdsController_ofVariant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/subjects/{subjectId}/grade-thresholds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every series' thresholds of a subject, newest series first; 404 for an unknown subject */
        get: operations["GradeThresholdsController_ofSubject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/grade-thresholds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every subject's thresholds (?subject_id= for one subject) */
        get: operations["GradeThresholdsController_list"];
        put?: never;
        /** Add the thresholds of a component in a series; 409 when that subject, series and component has them */
        post: operations["GradeThresholdsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/grade-thresholds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One row of thresholds */
        get: operations["GradeThresholdsController_one"];
        /** Replace a row of thresholds; a stale updated_at answers 409 */
        put: operations["GradeThresholdsController_update"];
        post?: never;
        /** Delete a row of thresholds (?updated_at= the version seen: stale answers 409) */
        delete: operations["GradeThresholdsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search papers by reference (9702_s23_qp_12, 9702/12/M/J/23, wph11 jan 2023), subject, level, session, year and the text inside the documents; facets and paging. At most SEARCH_RATE_LIMIT per client per minute, the server-rendered /search page included (429 with Retry-After). 503 with Retry-After when too many searches are being computed or a search runs past its time. */
        get: operations["SearchController_find"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/stored-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A past paper's stored files with original name, size and SHA-256 (admins) */
        get: operations["StoredFilesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in admin's unfinished imports, newest first */
        get: operations["ImportsController_list"];
        put?: never;
        /** Start a staged import */
        post: operations["ImportsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import with its preview: every file recognised, placed and given a status */
        get: operations["ImportsController_read"];
        put?: never;
        post?: never;
        /** Throw an import away with its staged files (what was committed stays) */
        delete: operations["ImportsController_discard"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/imports/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage one file (multipart: file, optional sha256 to check it arrived whole). The same content again answers the file already staged. */
        post: operations["ImportsController_stage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/imports/{id}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Correct one file's subject, year, session, document type or paper, or leave it out */
        put: operations["ImportsController_correct"];
        post?: never;
        /** Take one file out of the import */
        delete: operations["ImportsController_removeFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/imports/{id}/subjects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose the library subject for a subject code no subject has (subject_id null: forget it) */
        put: operations["ImportsController_chooseSubject"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/imports/{id}/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Commit: each past paper in one transaction with its variants, files, mark schemes and examiner reports; every file gets an outcome */
        post: operations["ImportsController_commit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A subject's coverage: for each session (newest first) and each paper, whether its question paper, mark scheme and examiner report exist, and the session zip's size */
        get: operations["CoverageController_read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/pages/subject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The public subject page in one read: the subject found by code (any letter case) with its papers, and its coverage grid; 404 when no subject has that code */
        get: operations["SubjectPageController_read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        UserView: {
            id: number;
            name: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "user" | "admin";
            /** @enum {string} */
            status: "active" | "inactive";
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description The version an edit sends back (lost-update check)
             */
            updated_at: string;
        };
        LoginAnswer: {
            /** @enum {boolean} */
            success: true;
            /** @description A JWT; send it as `Authorization: Bearer …` or rely on the cookie */
            token: string;
            user: components["schemas"]["UserView"];
        };
        LoginDto: {
            /** Format: email */
            email: string;
            /** Format: password */
            password: string;
        };
        SuccessBody: {
            /** @enum {boolean} */
            success: true;
        };
        SignedInUser: {
            id: number;
            name: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "user" | "admin";
            /** @enum {string} */
            status: "active" | "inactive";
        };
        AuthCheckAnswer: {
            authenticated: boolean;
            /** @description Only when authenticated */
            user?: components["schemas"]["SignedInUser"];
        };
        ChangePasswordDto: {
            /** Format: password */
            currentPassword: string;
            /** Format: password */
            password: string;
            /** Format: password */
            confirmPassword: string;
        };
        SetupPasswordDto: {
            token: string;
            /** Format: password */
            password: string;
            /** Format: password */
            confirmPassword: string;
        };
        HealthAnswer: {
            /** @enum {string} */
            status: "ok";
            /** @enum {string} */
            database: "up";
        };
        PublicSiteSettingsView: {
            siteName: string;
            siteDescription: string;
            contactEmail: string;
            supportPhone: string;
            liveChatHours: string;
            officeAddress: string;
            maintenanceMode: boolean;
            filesPerPage: number;
            /** @description Megabytes */
            maxFileSize: number;
        };
        SiteSettingsView: {
            siteName: string;
            siteDescription: string;
            contactEmail: string;
            supportPhone: string;
            liveChatHours: string;
            officeAddress: string;
            maintenanceMode: boolean;
            allowRegistration: boolean;
            /** @enum {string} */
            defaultUserRole: "student" | "teacher" | "admin";
            notificationEmail: string;
            filesPerPage: number;
            /** @description Megabytes */
            maxFileSize: number;
        };
        UpdateSettingsDto: {
            siteName: string;
            siteDescription?: string;
            /** Format: email */
            contactEmail: string;
            supportPhone?: string;
            liveChatHours?: string;
            officeAddress?: string;
            maintenanceMode?: boolean;
            allowRegistration?: boolean;
            /** @enum {string} */
            defaultUserRole?: "student" | "teacher" | "admin";
            /** Format: email */
            notificationEmail?: string;
            /** @default 10 */
            filesPerPage?: number;
            /**
             * @description MB
             * @default 10
             */
            maxFileSize?: number;
        };
        VariantView: {
            id: number;
            past_paper_id: number;
            name: string;
            slug: string;
            version: number;
            document_path: string;
            mark_scheme_path: string | null;
            examiner_report_path: string | null;
            /** @description Bytes */
            document_size: number;
            mark_scheme_size: number | null;
            examiner_report_size: number | null;
            /** @description The official duration of the variant's component in minutes: the admin's, else the one read from the question paper's cover; null when neither */
            duration_minutes: number | null;
            /**
             * @description Where duration_minutes comes from: set by an admin, or read from the cover (null: no duration)
             * @enum {string|null}
             */
            duration_source: "admin" | "cover" | null;
            /** @description All downloads of this variant's documents */
            downloads: number;
            document_downloads: number;
            mark_scheme_downloads: number;
            examiner_report_downloads: number;
            /** @description Times the question paper was opened to read (View), apart from downloads */
            document_views: number;
            mark_scheme_views: number;
            examiner_report_views: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        LinkedDocumentView: {
            /** @enum {string} */
            kind: "mark_scheme" | "examiner_report";
            /** @description The mark scheme or examiner report id (its download link: ?download_id=) */
            id: number;
            paper_number: string;
            file_name: string | null;
            file_size: number | null;
            downloads: number;
            /** @description A PDF (shown in the browser by View) */
            is_pdf: boolean;
        };
        PastPaperView: {
            id: number;
            subject_id: number;
            subject: string;
            subject_name: string;
            subject_code: string;
            /** @enum {string} */
            subject_level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            code: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            year: number;
            /**
             * @description Feb/March, May/June or Oct/Nov (older imports may hold other series names)
             * @example May/June
             */
            session: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            variants: components["schemas"]["VariantView"][];
            /** @description Mark schemes and examiner reports added in their own sections that belong to this paper */
            linked_documents: components["schemas"]["LinkedDocumentView"][];
        };
        SubjectWithPapersView: {
            id: number;
            name: string;
            code: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            description: string | null;
            paper_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            papers: components["schemas"]["PastPaperView"][];
        };
        SubjectView: {
            id: number;
            name: string;
            code: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            description: string | null;
            paper_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SubjectDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            name: string;
            /** @description Unique regardless of case; used in URLs */
            code: string;
            /**
             * @default cambridge-o-levels
             * @enum {string}
             */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            description?: string;
        };
        PastPaperSummaryView: {
            id: number;
            subject_id: number;
            subject: string;
            subject_name: string;
            subject_code: string;
            /** @enum {string} */
            subject_level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            code: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            year: number;
            /**
             * @description Feb/March, May/June or Oct/Nov (older imports may hold other series names)
             * @example May/June
             */
            session: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            variant_count: number;
            mark_scheme_count: number;
            examiner_report_count: number;
            /** @description All downloads of the paper's documents */
            downloads: number;
            /**
             * Format: date-time
             * @description The newest update of the paper or any of its variants
             */
            last_updated_at: string;
        };
        PastPaperFormDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            subject_id: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            /** @description Up to the current year plus 5 */
            year: number;
            /** @description JSON list of { name, slug, version, id? }; files variant_{i}_document_path, variant_{i}_mark_scheme_path, variant_{i}_examiner_report_path */
            variants: string;
        };
        MarkSchemeView: {
            id: number;
            subject: string;
            code: string;
            paperNumber: string;
            year: number;
            /**
             * @description Feb/March, May/June or Oct/Nov (older imports may hold other series names)
             * @example May/June
             */
            session: string;
            /** @description The file under /backend/api/files/ */
            file_url: string;
            /** @description Bytes */
            file_size: number | null;
            /** @description The uploaded file's own name (null for a link) */
            file_name: string | null;
            past_paper_id: number | null;
            downloads: number;
            /** @description Times opened to read (View), apart from downloads */
            views: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        MarkSchemeFormDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            subject: string;
            code: string;
            /** @description Up to the current year plus 10 */
            year: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            paperNumber: string;
            /** @description The linked past paper (optional; empty: none) */
            past_paper_id?: number | "";
            /** @description On update: the current file_url, to keep the stored file */
            fileUrl?: string;
        };
        ExaminerReportView: {
            id: number;
            past_paper_id: number;
            subject: string;
            code: string;
            paper_number: string;
            year: number;
            /**
             * @description Feb/March, May/June or Oct/Nov (older imports may hold other series names)
             * @example May/June
             */
            session: string;
            summary: string;
            /** @description The file under /backend/api/files/ */
            file_url: string;
            /** @description Bytes */
            file_size: number | null;
            /** @description The uploaded file's own name */
            file_name: string | null;
            downloads: number;
            /** @description Times opened to read (View), apart from downloads */
            views: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ExaminerReportFormDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            past_paper_id: number;
            paper_number: string;
            summary: string;
        };
        DocumentViewResult: {
            counted: boolean;
        };
        DocumentViewDto: {
            /** @description A variant's document (with document_type) */
            variant_id?: number;
            /**
             * @description Default: document
             * @enum {string}
             */
            document_type?: "document" | "mark_scheme" | "examiner_report";
            /** @description A mark scheme added in its own section */
            mark_scheme_id?: number;
            /** @description An examiner report added in its own section */
            examiner_report_id?: number;
        };
        DocumentView: {
            id: number;
            /** @enum {string} */
            kind: "question-paper" | "mark-scheme" | "examiner-report" | "insert" | "grade-thresholds" | "other";
            /** @description The variant whose file it is; null when added on its own */
            variant_id: number | null;
            /** @description The uploaded file's own name (the stored name for files from before names were kept) */
            name: string;
            /** @description Bytes */
            size: number | null;
            /** @description SHA-256 of the stored file (hex) */
            sha256: string | null;
            /** @description Pages, once the text reader has read it */
            pages: number | null;
            downloads: number;
            /** @description Times opened to read (View), apart from downloads */
            views: number;
            /**
             * @description GET: the file (counted)
             * @example /backend/api/documents/12
             */
            download_url: string;
            /**
             * @description The public site's viewer
             * @example /papers/3/view?variant=5&doc=mark-scheme
             */
            viewer_url: string;
        };
        FaqView: {
            id: number;
            question: string;
            /** @description Sanitised HTML */
            answer: string;
            category: string;
            sort_order: number;
            /** @description The same as is_published */
            published: boolean;
            is_published: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        FaqList: {
            faqs: components["schemas"]["FaqView"][];
            /** @description Every category the reader can see (whatever the category filter), for the filter buttons */
            categories: string[];
        };
        CreateFaqDto: {
            question: string;
            /** @description HTML; sanitised on save */
            answer: string;
            /** @default General */
            category?: string;
            /** @default 0 */
            sort_order?: number;
            /** @default true */
            is_published?: boolean;
        };
        UpdateFaqDto: {
            question?: string;
            /** @description HTML; sanitised on save */
            answer?: string;
            /** @default General */
            category?: string;
            /** @default 0 */
            sort_order?: number;
            /** @default true */
            is_published?: boolean;
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
        };
        InquiryView: {
            id: number;
            name: string;
            /** Format: email */
            email: string;
            subject: string;
            message: string;
            /** @enum {string} */
            status: "new" | "in_progress" | "resolved";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description Admin reads: the e-mail to the notification address: none (mail off or no address), pending, sent or failed
             * @enum {string}
             */
            notification?: "none" | "pending" | "sent" | "failed";
        };
        InquiryPage: {
            inquiries: components["schemas"]["InquiryView"][];
            /** @description All inquiries matching the status filter */
            total: number;
        };
        CreateInquiryDto: {
            name: string;
            /** Format: email */
            email: string;
            subject: string;
            message: string;
            /** @description Leave empty (spam trap) */
            website?: string;
        };
        InquiryStatusDto: {
            /** @enum {string} */
            status: "new" | "in_progress" | "resolved";
        };
        CreateUserDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            name: string;
            /** Format: email */
            email: string;
            /**
             * @default user
             * @enum {string}
             */
            role?: "user" | "admin";
            /**
             * @default active
             * @enum {string}
             */
            status?: "active" | "inactive";
            /** Format: password */
            password: string;
            /** Format: password */
            confirmPassword: string;
        };
        UpdateUserDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            name: string;
            /** Format: email */
            email: string;
            /**
             * @default user
             * @enum {string}
             */
            role?: "user" | "admin";
            /**
             * @default active
             * @enum {string}
             */
            status?: "active" | "inactive";
        };
        ResetPasswordDto: {
            /** Format: password */
            password: string;
            /** Format: password */
            confirmPassword: string;
        };
        PublicDashboardStats: {
            totalPapers: number;
            totalUsers: number;
            /** @description Every download counter summed */
            totalDownloads: number;
        };
        RecentActivity: {
            id: number;
            /** @example Created subject Mathematics (0580) */
            description: string;
            /** Format: date-time */
            timestamp: string;
        };
        TopResource: {
            /** @example past-paper-12 */
            id: string;
            title: string;
            /** @enum {string} */
            type: "past-paper" | "mark-scheme" | "examiner-report";
            downloads: number;
            /** Format: date-time */
            lastAccessed: string | null;
        };
        AdminDashboardStats: {
            totalPapers: number;
            totalUsers: number;
            /** @description Every download counter summed */
            totalDownloads: number;
            totalReports: number;
            recentActivity: components["schemas"]["RecentActivity"][];
            topResources: components["schemas"]["TopResource"][];
            /** @description Papers (a variant of a session) with a question paper but no mark scheme, over every subject */
            missingMarkSchemes: number;
        };
        QuestionPlaceView: {
            document_id: number;
            page: number;
            top: number;
        };
        QuestionView: {
            /** @example 1 */
            number: string;
            marks: number;
            question_paper: components["schemas"]["QuestionPlaceView"];
            mark_scheme: components["schemas"]["QuestionPlaceView"] | null;
            examiner_report: components["schemas"]["QuestionPlaceView"] | null;
        };
        QuestionDocumentView: {
            document_id: number;
            /** @description Its page count, when known from its reading */
            pages: number | null;
        };
        QuestionDocumentsView: {
            question_paper: components["schemas"]["QuestionDocumentView"] | null;
            mark_scheme: components["schemas"]["QuestionDocumentView"] | null;
            examiner_report: components["schemas"]["QuestionDocumentView"] | null;
        };
        PaperQuestionsView: {
            /**
             * @description ready: every check passed. Admins also see pending (a document is still being read), flagged (see reasons) and none (no question layout recognised); the public sees none, with no questions, for anything but ready.
             * @enum {string}
             */
            status: "ready" | "pending" | "flagged" | "none";
            /** @description The sum of the questions' marks */
            total_marks: number | null;
            /** @description The total printed on the paper's cover */
            stated_total: number | null;
            /** @enum {string} */
            source: "detected" | "edited";
            questions: components["schemas"]["QuestionView"][];
            /** @description Admins only: why the paper is flagged, none or pending, in words an admin can act on (for a confirmed edit: what its checks found, confirmed anyway) */
            reasons?: string[];
            /**
             * Format: date-time
             * @description Admins only: the version of the question paper's questions, to send back as updated_at with an edit (null while nothing is stored for it)
             */
            updated_at?: string | null;
            /** @description Admins only: an admin confirmed the edited questions although checks flag them */
            confirmed?: boolean;
            /** @description Admins only: the documents the questions point into, with their page counts */
            documents?: components["schemas"]["QuestionDocumentsView"];
        };
        QuestionPlaceInput: {
            page: number;
            top: number;
        };
        EditedQuestionInput: {
            /**
             * @description As printed: 1 to 8 letters, digits, "." or "-"
             * @example 1
             */
            number: string;
            marks: number;
            /** @description Where the question starts in the question paper */
            question_paper: components["schemas"]["QuestionPlaceInput"];
            /** @description Where the question's rows start in the variant's mark scheme, or null */
            mark_scheme: components["schemas"]["QuestionPlaceInput"] | null;
            /** @description Where the examiner report's comment on the question starts, or null */
            examiner_report: components["schemas"]["QuestionPlaceInput"] | null;
        };
        EditQuestionsDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
            questions: components["schemas"]["EditedQuestionInput"][];
            /**
             * @description The admin checked these questions and confirms them although their checks flag them (numbers, totals): they are shown to students. Without it a set whose checks fail stays flagged.
             * @default false
             */
            confirmed?: boolean;
        };
        DropEditsDto: {
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
        };
        BoundaryView: {
            /**
             * @example A*
             * @enum {string}
             */
            grade: "A*" | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "U" | "9" | "8" | "7" | "6" | "5" | "4" | "3" | "2" | "1";
            /** @example 70 */
            min_marks: number;
        };
        SeriesThresholdsView: {
            year: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            /** @example 12 */
            component: string;
            max_marks: number;
            /** @description Highest grade first; min_marks strictly decreasing */
            boundaries: components["schemas"]["BoundaryView"][];
        };
        PaperThresholdsAnswer: {
            data: components["schemas"]["SeriesThresholdsView"] | null;
        };
        GradeThresholdView: {
            year: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            /** @example 12 */
            component: string;
            max_marks: number;
            /** @description Highest grade first; min_marks strictly decreasing */
            boundaries: components["schemas"]["BoundaryView"][];
            id: number;
            subject_id: number;
            subject_name: string;
            subject_code: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description The version an edit names (a stale edit answers 409)
             */
            updated_at: string;
        };
        BoundaryDto: {
            /**
             * @example A*
             * @enum {string}
             */
            grade: "A*" | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "U" | "9" | "8" | "7" | "6" | "5" | "4" | "3" | "2" | "1";
            /** @example 70 */
            min_marks: number;
        };
        GradeThresholdDto: {
            subject_id: number;
            /** @description Up to the current year plus 5 */
            year: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            /**
             * @description The component code: matched to a paper's variant by the variant's name ("Paper 1") or version ("1"), letter case and extra spaces aside
             * @example 12
             */
            component: string;
            max_marks: number;
            /** @description Highest grade first; the marks strictly decrease and none is above max_marks; one scale (A* to G and U, or 9 to 1 and U) */
            boundaries: components["schemas"]["BoundaryDto"][];
            /**
             * Format: date-time
             * @description The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)
             */
            updated_at?: string;
        };
        SearchResultView: {
            paper_id: number;
            /** @description Null for a mark scheme or examiner report added on its own */
            variant_id: number | null;
            subject_name: string;
            subject_code: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            year: number;
            session: string;
            /** @description The variant's name, or 'Paper {paper number}' */
            variant_name: string | null;
            /** @enum {string} */
            document_type: "question-paper" | "mark-scheme" | "examiner-report";
            /** @description The best matching page (from 1) for a match inside the text */
            page: number | null;
            /** @description For a hit inside a question paper split into questions: the question it is in, or (when one question ends on the page and the next starts below its head) the questions of that page; empty otherwise */
            questions: string[];
            /** @description The text around the match: matched words in <mark>…</mark>, everything else HTML-escaped */
            snippet: string | null;
            /** @description Higher is better */
            score: number;
            /** @description Opens the document in the browser (a download link relative to the API base, with inline=1) */
            file_url: string;
            /** @description The id of a mark scheme or examiner report added on its own (its own download link); null for a variant document */
            linked_document_id: number | null;
        };
        SearchFacetView: {
            /** @description The filter value (level, subject code, year, session or document type) */
            value: string;
            /** @description What to show */
            label: string;
            count: number;
        };
        SearchFacetsView: {
            levels: components["schemas"]["SearchFacetView"][];
            subjects: components["schemas"]["SearchFacetView"][];
            years: components["schemas"]["SearchFacetView"][];
            sessions: components["schemas"]["SearchFacetView"][];
            document_types: components["schemas"]["SearchFacetView"][];
        };
        InterpretedSubjectView: {
            code: string;
            name: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
        };
        SearchCorrectionView: {
            /** @description As typed */
            from: string;
            /** @description What it was read as */
            to: string;
        };
        InterpretedQueryView: {
            /** @description The query as received */
            query: string;
            /** @description Subjects named by code, name, short form, words of their name or a typo */
            subjects: components["schemas"]["InterpretedSubjectView"][];
            levels: ("cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational")[];
            year: number | null;
            /** @description Feb/March, May/June, Oct/Nov */
            session: string | null;
            /** @description Component or paper number ("12" → 1) */
            paper: number | null;
            /** @description Cambridge variant ("12" → 2) */
            variant: number | null;
            /** @description The variant name it stands for ('Paper 12') */
            variant_name: string | null;
            /** @description question-paper, mark-scheme, examiner-report */
            document_type: string | null;
            /** @description Words looked for inside the documents' text */
            words: string[];
            /** @description Typos read as what they most resemble */
            corrections: components["schemas"]["SearchCorrectionView"][];
            /** @description Parts of the query left out because nothing matched all of it (paper, document_type, session, year, all_words), and words left out in quotes (“xyzzy”: found on no page and in no subject name, or, when nothing matched with them, every word) */
            relaxed: string[];
        };
        SearchAnswerView: {
            results: components["schemas"]["SearchResultView"][];
            /** @description Matching documents in all pages */
            total: number;
            page: number;
            limit: number;
            /** @description Counts of the matching documents per filter value */
            facets: components["schemas"]["SearchFacetsView"];
            interpreted: components["schemas"]["InterpretedQueryView"];
            /** @description Other queries to try when nothing matched (spelling corrections) */
            suggestions: string[];
        };
        StoredFileReadingView: {
            /**
             * @description pending / working: not read yet; done: read (maybe capped); failed: could not be read; skipped: not a PDF
             * @enum {string}
             */
            status: "pending" | "working" | "done" | "failed" | "skipped";
            /** @description How many times reading it was started */
            attempts: number;
            /** @description Pages whose text was kept (null until read) */
            pages_read: number | null;
            /** @description Pages the file has (null until read) */
            pages_in_file: number | null;
            /**
             * @description Which bound stopped the reading early; null: the whole text was read
             * @enum {string|null}
             */
            capped: "pages" | "characters" | null;
            /** @description For the admin: why it failed or was skipped, or how it was capped ("Text capped at 2,000,000 characters: 210 of 2,000 pages read") */
            note: string | null;
        };
        StoredFileView: {
            /**
             * @description A variant's slot, or a mark scheme / examiner report added on its own
             * @enum {string}
             */
            source: "variant" | "mark_scheme" | "examiner_report";
            /** @description The variant, mark scheme or examiner report id */
            record_id: number;
            /** @enum {string} */
            document: "question-paper" | "mark-scheme" | "examiner-report";
            /** @description The variant's name, or the paper number of a document added on its own */
            label: string;
            /** @description The uploaded file's own name (null: not recorded) */
            file_name: string | null;
            /** @description Bytes */
            size: number | null;
            /** @description SHA-256 of the stored bytes, hex (null until computed for a file stored before hashes were kept) */
            sha256: string | null;
            /** @description How its text was read (null: not queued for reading) */
            reading: components["schemas"]["StoredFileReadingView"] | null;
        };
        ImportSummaryView: {
            id: number;
            /** @enum {string} */
            status: "open" | "committing" | "committed";
            files: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ImportCorrectionsView: {
            subject_id?: number;
            year?: number;
            /** @enum {string} */
            session?: "Feb/March" | "May/June" | "Oct/Nov";
            /** @enum {string} */
            document_type?: "question-paper" | "mark-scheme" | "examiner-report";
            /** @description `12`, `1F`; null: a whole-session report */
            paper?: string | null;
            skip?: boolean;
        };
        ImportFileView: {
            id: number;
            /** @description The name as dropped */
            file_name: string;
            /** @description Bytes */
            size: number;
            /** @description SHA-256 of the content, hex */
            sha256: string;
            /**
             * @description By content; null: not a document
             * @enum {string|null}
             */
            kind: "pdf" | "doc" | "docx" | null;
            /** @enum {string|null} */
            board: "cambridge" | "edexcel" | null;
            subject_id: number | null;
            subject_code: string | null;
            subject_name: string | null;
            /** @description A code from the name that no subject has: create the subject, or choose one for the code */
            unknown_subject_code: string | null;
            /**
             * @description For "create subject": a likely level
             * @enum {string|null}
             */
            suggested_level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational" | null;
            year: number | null;
            /** @enum {string|null} */
            session: "Feb/March" | "May/June" | "Oct/Nov" | null;
            /** @enum {string|null} */
            document_type: "question-paper" | "mark-scheme" | "examiner-report" | null;
            /** @description The variant: `Paper 12`; null for a whole-session report */
            paper: string | null;
            /** @description The paper as the admin edits it: `12`, `1F` */
            paper_label: string | null;
            /**
             * @description new; replaces an existing file; identical to a stored file (not stored twice); needs attention; skipped
             * @enum {string}
             */
            status: "new" | "replaces" | "identical" | "attention" | "skipped";
            /** @description What needs attention, why it is skipped, what it replaces or equals */
            messages: string[];
            /** @description Waits for another file of the same paper that needs attention */
            blocked: boolean;
            corrections: components["schemas"]["ImportCorrectionsView"];
            /**
             * @description What the last commit did
             * @enum {string|null}
             */
            outcome: "created" | "replaced" | "unchanged" | "identical" | "skipped" | "failed" | null;
            outcome_message: string | null;
        };
        ImportCountsView: {
            total: number;
            /** @description What "Import N files" writes now: new or replacing files of papers that are ready */
            importable: number;
            identical: number;
            attention: number;
            skipped: number;
            /** @description Total bytes of the files staged */
            bytes: number;
        };
        UnknownSubjectView: {
            code: string;
            /** @enum {string|null} */
            suggested_level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational" | null;
            files: number;
        };
        ImportView: {
            id: number;
            /** @enum {string} */
            status: "open" | "committing" | "committed";
            files: components["schemas"]["ImportFileView"][];
            counts: components["schemas"]["ImportCountsView"];
            unknown_subjects: components["schemas"]["UnknownSubjectView"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            committed_at: string | null;
        };
        StagedFileView: {
            id: number;
            file_name: string;
            size: number;
            sha256: string;
            /** @enum {string|null} */
            kind: "pdf" | "doc" | "docx" | null;
            /** @description The same content was already in this import (a resumed upload): nothing new stored */
            already_staged: boolean;
        };
        StagedFileUploadDto: {
            /**
             * Format: binary
             * @description A PDF, DOC or DOCX under the maxFileSize setting
             */
            file: string;
            /** @description SHA-256 of the file as the browser hashed it (hex): a damaged upload is refused */
            sha256?: string;
        };
        ImportFileCorrectionsDto: {
            subject_id?: number | null;
            year?: number | null;
            /** @enum {string|null} */
            session?: "Feb/March" | "May/June" | "Oct/Nov" | null;
            /** @enum {string|null} */
            document_type?: "question-paper" | "mark-scheme" | "examiner-report" | null;
            /** @description `12`, `1F`, `2BH`; "" for none */
            paper?: string | null;
            /** @description Leave the file out of the import */
            skip?: boolean | null;
        };
        ImportSubjectChoiceDto: {
            /** @description The code as the file names give it (e.g. 9702, WPH11) */
            code: string;
            /** @description null: forget the choice */
            subject_id?: number | null;
        };
        CoverageSubjectView: {
            id: number;
            name: string;
            code: string;
            /** @enum {string} */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
        };
        CoverageColumnView: {
            /** @description The paper as documents name it: `12`, `1F` */
            key: string;
            /** @example Paper 12 */
            name: string;
        };
        CoverageCellView: {
            key: string;
            /** @description The variant holding the question paper, if any */
            variant_id: number | null;
            question_paper: boolean;
            mark_scheme: boolean;
            /** @description The paper's own report, or the session's report for all papers */
            examiner_report: boolean;
        };
        CoverageSessionView: {
            year: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            /** @enum {string} */
            session_slug: "feb-march" | "may-june" | "oct-nov";
            /** @description The past papers of this session (usually one) */
            past_paper_ids: number[];
            /** @description A report on the whole session (Cambridge `er`) */
            session_examiner_report: boolean;
            /** @description One per column, in column order */
            cells: components["schemas"]["CoverageCellView"][];
            /** @description Files in the session zip */
            files: number;
            /** @description Bytes of those files (the zip is a few hundred bytes more) */
            bytes: number;
            /**
             * @description Relative to the API base
             * @example /download/sessions/9702/2023/may-june.zip
             */
            zip_url: string;
        };
        CoverageView: {
            subject: components["schemas"]["CoverageSubjectView"];
            columns: components["schemas"]["CoverageColumnView"][];
            sessions: components["schemas"]["CoverageSessionView"][];
            /** @description Papers that have a question paper but no mark scheme */
            missing_mark_schemes: number;
        };
        SubjectPageView: {
            subject: components["schemas"]["SubjectWithPapersView"];
            coverage: components["schemas"]["CoverageView"];
        };
        ErrorBody: {
            /** @example Invalid id */
            error: string;
            /** @description Each invalid field's message (validation failures) */
            errors?: {
                [key: string]: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    AuthLoginController_login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthLogoutController_logout: {
        parameters: {
            query?: {
                /** @description Every token of the user (all devices), not only this one's */
                everywhere?: "1" | "0" | "true" | "false";
            };
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthCheckController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthCheckAnswer"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthPasswordController_change: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthSetupController_setup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetupPasswordDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    HealthController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers (503 otherwise) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthAnswer"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SettingsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PublicSiteSettingsView"] | components["schemas"]["SiteSettingsView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SettingsController_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSettingsDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SiteSettingsView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SubjectsController_read: {
        parameters: {
            query?: {
                /** @description One subject with its papers */
                id?: number;
                level?: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One subject with its papers (?id=), or the list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SubjectWithPapersView"] | components["schemas"]["SubjectView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SubjectsController_update: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SubjectDto"] & {
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                };
                "application/json": components["schemas"]["SubjectDto"] & {
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SubjectView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SubjectsController_write: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SubjectDto"] & {
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                    /**
                     * @description PUT: this POST is an update
                     * @enum {string}
                     */
                    _method?: "PUT" | "POST";
                };
                "application/json": components["schemas"]["SubjectDto"] & {
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                    /**
                     * @description PUT: this POST is an update
                     * @enum {string}
                     */
                    _method?: "PUT" | "POST";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SubjectView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SubjectsController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PastPapersController_read: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
                /** @description One paper with its variants */
                id?: number;
                /** @description A subject's papers by subject code */
                code?: string;
                category?: string;
                subject_id?: number;
                /** @description summary: the compact shape (no variants, variant_count) */
                view?: "summary";
                /** @description Only the N most recently updated papers, newest first (the home page asks for 6) */
                recent?: number;
                /** @description Download a variant's document (with variant_document_type) */
                download_variant_id?: number;
                /** @description Default: document */
                variant_document_type?: "document" | "mark_scheme" | "examiner_report";
                /** @description Download the first variant's document of this paper (with document_type) */
                download_id?: number;
                /** @description Default: document */
                document_type?: "document" | "mark_scheme" | "examiner_report";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description The file (Range requests answered 206)
             *
             *     One paper (?id=), a list, or the compact list (?view=summary); the download forms answer the file
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PastPaperView"] | components["schemas"]["PastPaperView"][] | components["schemas"]["PastPaperSummaryView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PastPapersController_update: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PastPaperFormDto"] & {
                    /** @description Ignored: the chosen subject's name */
                    subject?: string;
                    /** @description Ignored: the chosen subject's code */
                    code?: string;
                    /** @description Ignored: the chosen subject's level */
                    level?: string;
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PastPaperView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PastPapersController_write: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PastPaperFormDto"] & {
                    /** @description Ignored: the chosen subject's name */
                    subject?: string;
                    /** @description Ignored: the chosen subject's code */
                    code?: string;
                    /** @description Ignored: the chosen subject's level */
                    level?: string;
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                    /**
                     * @description PUT: this POST is an update
                     * @enum {string}
                     */
                    _method?: "PUT" | "POST";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PastPaperView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PastPapersController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MarkSchemesController_read: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
                /** @description One record (admins) */
                id?: number;
                /** @description Download the record's file (anyone) */
                download_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description The file (Range requests answered 206)
             *
             *     OK
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MarkSchemeView"] | components["schemas"]["MarkSchemeView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MarkSchemesController_update: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MarkSchemeFormDto"] & {
                    /**
                     * Format: binary
                     * @description The mark scheme's file (PDF, DOC or DOCX)
                     */
                    markSchemeFile?: string;
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MarkSchemeView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MarkSchemesController_write: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MarkSchemeFormDto"] & {
                    /**
                     * Format: binary
                     * @description The mark scheme's file (PDF, DOC or DOCX)
                     */
                    markSchemeFile?: string;
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                    /**
                     * @description PUT: this POST is an update
                     * @enum {string}
                     */
                    _method?: "PUT" | "POST";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MarkSchemeView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MarkSchemesController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ExaminerReportsController_read: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
                /** @description One record (admins) */
                id?: number;
                /** @description Download the record's file (anyone) */
                download_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description The file (Range requests answered 206)
             *
             *     OK
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ExaminerReportView"] | components["schemas"]["ExaminerReportView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ExaminerReportsController_update: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ExaminerReportFormDto"] & {
                    /**
                     * Format: binary
                     * @description The examiner report's file (PDF, DOC or DOCX)
                     */
                    file?: string;
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ExaminerReportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ExaminerReportsController_write: {
        parameters: {
            query?: {
                /** @description The record an update changes (or an id field) */
                id?: number;
            };
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ExaminerReportFormDto"] & {
                    /**
                     * Format: binary
                     * @description The examiner report's file (PDF, DOC or DOCX)
                     */
                    file?: string;
                    /** @description The record an update changes (or ?id=) */
                    id?: number;
                    /**
                     * @description PUT: this POST is an update
                     * @enum {string}
                     */
                    _method?: "PUT" | "POST";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ExaminerReportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ExaminerReportsController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DownloadsController_paper: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
                /** @description Default: document */
                document_type?: "document" | "mark_scheme" | "examiner_report";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Range requests answered 206) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DownloadsController_markScheme: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Range requests answered 206) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DownloadsController_examinerReport: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Range requests answered 206) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    FilesController_file: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
            };
            header?: never;
            path: {
                /** @description papers/<uuid>.pdf, mark-schemes/<uuid>.docx, ... */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Range requests answered 206) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DocumentViewsController_record: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentViewDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentViewResult"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SessionZipController_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subjectCode: string;
                year: string;
                session: "feb-march" | "may-june" | "oct-nov";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zip (Content-Length known in advance) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DocumentsController_file: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description For the site's page-by-page viewer: inline, Range requests answered 206, and neither a download nor a view is counted (the viewer counts its view with POST /document_views.php) */
                stream?: "1" | "0" | "true" | "false";
                /** @description The site's viewer: page 1 of the PDF as a picture (image/webp, drawn when the file was indexed; 404 until then), shown while pdf.js loads. Never counted */
                preview?: "1" | "0" | "true" | "false";
                /** @description With stream=1 only: one byte range `start-end` (as in a Range header), for the viewer's first reads preloaded from the page's HTML (a link cannot send a Range header); a Range header wins. A Range header naming several ranges is answered 206 multipart/byteranges in stream mode (at most 64; X-Multipart-Ranges: 1 says so) */
                range?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (Range requests answered 206) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DocumentsController_ofPaper: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paperId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_read[0]": {
        parameters: {
            query?: {
                /** @description One FAQ */
                path?: number;
                category?: string;
                /** @description Only published FAQs (admins otherwise see drafts too) */
                published_only?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { faqs, categories }, or { data } with ?path= */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaqList"] | {
                        data: components["schemas"]["FaqView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_update[0]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFaqDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FaqView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_create[0]": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFaqDto"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FaqView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_remove[0]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_read[1]": {
        parameters: {
            query?: {
                /** @description One FAQ */
                path?: number;
                category?: string;
                /** @description Only published FAQs (admins otherwise see drafts too) */
                published_only?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { faqs, categories }, or { data } with ?path= */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaqList"] | {
                        data: components["schemas"]["FaqView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_update[1]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFaqDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FaqView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_create[1]": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFaqDto"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FaqView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "FaqsController_remove[1]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    InquiriesController_read: {
        parameters: {
            query?: {
                /** @description One inquiry */
                path?: number;
                page?: number;
                limit?: number;
                status?: "new" | "in_progress" | "resolved";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { inquiries, total }, or { data } with ?path= */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InquiryPage"] | {
                        data: components["schemas"]["InquiryView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    InquiriesController_setStatus: {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InquiryStatusDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InquiryView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    InquiriesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInquiryDto"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InquiryView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    InquiriesController_remove: {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    UsersController_read: {
        parameters: {
            query?: {
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserView"] | components["schemas"]["UserView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    UsersController_update: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserDto"] | components["schemas"]["ResetPasswordDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    UsersController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserDto"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    UsersController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DashboardController_stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Admins get the admin figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PublicDashboardStats"] | components["schemas"]["AdminDashboardStats"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    QuestionsController_ofVariant: {
        parameters: {
            query: {
                /** @description The variant whose question paper is split (one of the paper's) */
                variant: number;
            };
            header?: never;
            path: {
                paperId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PaperQuestionsView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    QuestionsController_edit: {
        parameters: {
            query: {
                /** @description The variant whose question paper is split (one of the paper's) */
                variant: number;
            };
            header?: never;
            path: {
                paperId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EditQuestionsDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PaperQuestionsView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    QuestionsController_dropEdits: {
        parameters: {
            query: {
                /** @description The variant whose question paper is split (one of the paper's) */
                variant: number;
            };
            header?: never;
            path: {
                paperId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DropEditsDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PaperQuestionsView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_ofVariant: {
        parameters: {
            query: {
                /** @description The variant whose component's thresholds are asked (one of the paper's) */
                variant: number;
            };
            header?: never;
            path: {
                paperId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaperThresholdsAnswer"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_ofSubject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subjectId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GradeThresholdView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_list: {
        parameters: {
            query?: {
                /** @description Only this subject's thresholds */
                subject_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GradeThresholdView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GradeThresholdDto"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GradeThresholdView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_one: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GradeThresholdView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GradeThresholdDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GradeThresholdView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    GradeThresholdsController_remove: {
        parameters: {
            query?: {
                /** @description The updated_at the admin saw: a delete of a changed record answers 409 */
                updated_at?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SearchController_find: {
        parameters: {
            query?: {
                /** @description What the student typed: paper codes (9702_s23_qp_12, 9702/12/M/J/23, wph11 jan 2023), subjects, levels, sessions, years, words */
                q?: string;
                /** @description Only this level */
                level?: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
                /** @description Only this subject (its code) */
                subject?: string;
                /** @description Only this year */
                year?: number;
                /** @description Only this session */
                session?: "Feb/March" | "May/June" | "Oct/Nov";
                /** @description Only this kind of document */
                type?: "question-paper" | "mark-scheme" | "examiner-report";
                /** @description Page of results, from 1 */
                page?: number;
                /** @description Results per page (default 20) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SearchAnswerView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    StoredFilesController_list: {
        parameters: {
            query: {
                /** @description The past paper whose files to list */
                past_paper_id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StoredFileView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportSummaryView"][];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_read: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_discard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessBody"];
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_stage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["StagedFileUploadDto"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StagedFileView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_correct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                fileId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportFileCorrectionsDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_removeFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                fileId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_chooseSubject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportSubjectChoiceDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ImportsController_commit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (1–200 visible ASCII characters) within 24 hours answers the first answer again (Idempotent-Replayed: true) instead of writing twice; 409 while the first runs, 422 with another request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CoverageController_read: {
        parameters: {
            query: {
                /** @description The subject */
                subject_id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CoverageView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SubjectPageController_read: {
        parameters: {
            query: {
                /** @description The subject's code, any letter case */
                code: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SubjectPageView"];
                    };
                };
            };
            /** @description A failure: 4xx for bad input, authentication or a missing record; 503 while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
